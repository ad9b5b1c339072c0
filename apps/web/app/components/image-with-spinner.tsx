import { useEffect, useRef, useState } from "react";
import { Spinner } from "./ui/spinner.tsx";

/**
 * An image with a spinner until it has loaded (product §2 release logs). The spinner sits
 * behind the image. On a content page our site script (decision 024: `data-image-spinner`),
 * in a browser running the app this component, removes it once the image loads (or fails),
 * including when the image finished loading first. Without any script nothing could remove
 * it, so there (`@media (scripting: none)`) the announced spinner is not rendered at all
 * and a drawn ring alone, hidden from assistive technology, shows until the loaded picture
 * covers it: nothing says 'Loading image…' beside a picture that has loaded.
 */
export function ImageWithSpinner({
  src,
  alt,
  width,
  height,
  loadingLabel,
  className = "",
  imageClassName = "",
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  loadingLabel: string;
  className?: string;
  imageClassName?: string;
}) {
  const [loaded, setLoaded] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (image.current?.complete) setLoaded(true);
  }, []);
  return (
    <div className={`relative isolate ${className}`}>
      {loaded ? null : (
        <div className="absolute inset-0 -z-10 grid place-items-center text-brand" data-image-spinner="">
          <Spinner label={loadingLabel} className="noscript:hidden" />
          <span
            aria-hidden="true"
            className="hidden size-6 animate-spin rounded-full border-2 border-current border-e-transparent noscript:block"
          />
        </div>
      )}
      <img
        ref={image}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={() => setLoaded(true)}
        className={imageClassName}
      />
    </div>
  );
}
