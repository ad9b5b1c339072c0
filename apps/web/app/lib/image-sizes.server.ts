import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { imageSize } from "image-size";

/** An image's intrinsic size in CSS pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** How much of a file is read to find its size: a JPEG's size may follow its metadata; an SVG's is in its first tag. */
const HEAD_BYTES = 512 * 1024;
/** Paths whose size each reader keeps (a deploy restarts the process, and with it the cache). */
const MAX_KEPT = 1000;

/** One reader per folder, so that each file is read once per process. */
const readers = new Map<string, (src: string) => ImageSize | undefined>();

/**
 * The intrinsic size of this site's images, for the width and height of the content's
 * images (architecture §3.10: a browser reserves their place before they load, so nothing
 * below them moves). `staticDir` is the folder the site serves its files from at its root
 * (`context.staticDir`). The reader takes an image's address as the content writes it and
 * answers only for a path of the site (`/images/a.svg`, query and fragment ignored) naming a
 * file inside that folder whose size `image-size` can read (PNG, JPEG, GIF, WebP, SVG with
 * a size or a viewBox, …), turned when its EXIF says so; else `undefined`. Each path is read
 * once (at most `MAX_KEPT` kept), the first 512 KB of its file at most.
 */
export function imageSizesIn(staticDir: string): (src: string) => ImageSize | undefined {
  const root = path.resolve(staticDir);
  let reader = readers.get(root);
  if (!reader) {
    const kept = new Map<string, ImageSize | null>();
    reader = (src) => {
      const file = fileOf(root, src);
      if (file === undefined) return undefined;
      let size = kept.get(file);
      if (size === undefined) {
        size = sizeOf(file);
        if (kept.size >= MAX_KEPT) kept.clear();
        kept.set(file, size);
      }
      return size ?? undefined;
    };
    readers.set(root, reader);
  }
  return reader;
}

/** The file inside `root` a root-relative address names (`/images/a%20b.svg` → `<root>/images/a b.svg`), if any. */
function fileOf(root: string, src: string): string | undefined {
  if (!src.startsWith("/") || src.startsWith("//") || src.startsWith("/\\")) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(src, "http://site.invalid").pathname);
  } catch {
    return undefined;
  }
  const file = path.resolve(root, `.${pathname}`);
  return file.startsWith(`${root}${path.sep}`) && !pathname.includes("\0") ? file : undefined;
}

/** The size of the image in `file`, or null when it cannot be read. */
function sizeOf(file: string): ImageSize | null {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(file, "r");
    const head = Buffer.alloc(HEAD_BYTES);
    const read = readSync(descriptor, head, 0, HEAD_BYTES, 0);
    const { width, height, orientation } = imageSize(head.subarray(0, read));
    if (!width || !height) return null;
    // EXIF orientations 5 to 8 turn the picture a quarter: it shows as tall as it is stored wide.
    return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return null;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
