import type { RouteHandle } from "@khayl/contract/page-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { Logo } from "../components/logo.tsx";
import { StoreButtons } from "../components/store-buttons.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { languageOfRequest, localizedPath } from "../lib/i18n/language.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { pageMeta, productFromMatches } from "../lib/meta.ts";
import { qrCodeSvg } from "../lib/qr.server.ts";
import type { Route } from "./+types/qr";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/**
 * The QR code is drawn on the server. It encodes the link hub in the page's language
 * (`${publicUrl}/links`, `${publicUrl}/ar/links` on /ar/QR), not one of the store links:
 * a printed or on-screen code cannot know whether the phone scanning it is an iPhone or
 * an Android phone, and /links offers both stores (plus schedules and support). It also
 * stays valid if a store address changes.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const target = `${context.config.publicUrl}${localizedPath("/links", languageOfRequest(request))}`;
  const [qrSvg, messages] = await Promise.all([qrCodeSvg(target), messagesFor(request, "qr")]);
  return { target, qrSvg, messages };
}

/** The page's heading, 'Join {product} Now!' (product §2). */
function heading(product: string): MessageDescriptor {
  return msg`Join ${product} Now!`;
}

const body = msg`Book transport and flights for your horses, track every trip and pay in one app.`;

/**
 * Title 'Join {product} Now!' (product §2 /QR) and a one-line pitch as description;
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, { title: i18n._(heading(productFromMatches(matches) ?? "")), description: i18n._(body) });
}

/**
 * /QR (product §2): 'Join {product} Now!' with the store buttons and a real QR code.
 * Desktop: text beside a phone mockup with the code on its screen. Mobile: the store
 * buttons come first and the code sits in a plain card below (to scan from another
 * device). Bare page: no navigation (product §2), but the language switch.
 */
export default function Qr({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  const url = loaderData.target;
  return (
    <main id="main" className="min-h-dvh bg-brand-50">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 md:min-h-dvh md:grid-cols-2 md:py-16">
        <div className="text-center md:text-start">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <Logo />
            <LanguageSwitch />
          </div>
          <h1 className="mt-8 text-4xl font-bold text-ink md:text-6xl">{i18n._(heading(config.productName))}</h1>
          <p className="mt-4 text-lg text-slate-700">{i18n._(body)}</p>
          <StoreButtons className="mt-8 justify-center md:justify-start" />
        </div>
        <figure className="mx-auto w-full max-w-72 md:max-w-80">
          <div className="relative">
            <img
              src="/images/qr-phone.svg"
              alt=""
              width={320}
              height={640}
              fetchPriority="high"
              decoding="async"
              className="hidden h-auto w-full md:block"
            />
            <div
              role="img"
              aria-label={t`QR code linking to ${url}`}
              className={
                "rounded-3xl bg-white p-4 shadow-lg md:absolute md:start-[12.5%] md:top-[29.7%] md:w-[75%] " +
                "md:rounded-2xl md:p-2 md:shadow-none [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
              }
              // biome-ignore lint/security/noDangerouslySetInnerHtml: qrcode's SVG of our own URL
              dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }}
            />
          </div>
          <figcaption className="mt-4 text-center font-medium text-slate-700">{t`Scan with your phone camera to get the app`}</figcaption>
        </figure>
      </div>
    </main>
  );
}
