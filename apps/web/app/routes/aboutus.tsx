import type { RouteHandle } from "@khayl/contract/page-rules";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { AboutGallery, AboutServices, AboutStory, AboutValues } from "../components/about-sections.tsx";
import { usePublicConfig } from "../lib/config.ts";
import { messagesFor } from "../lib/i18n/catalogue.server.ts";
import { i18nFromMatches } from "../lib/i18n/lingui.tsx";
import { companyFromMatches, pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/aboutus";

/** A content page: complete in its server HTML, it ships no framework JavaScript (decision 024). */
export const handle = { page: { scripts: false } } satisfies RouteHandle;

/** /aboutus is static: its loader only sends the page's messages. */
export async function loader({ request }: Route.LoaderArgs) {
  return { messages: await messagesFor(request, "about") };
}

const title = msg`About us`;

/** The intro line under the heading (also the meta description). */
function intro(company: string): MessageDescriptor {
  return msg`${company} moves horses across the UAE and around the world, and builds the software that makes every move simpler.`;
}

/**
 * Title 'About us' and the intro line (naming the company) as description (product §1 About);
 * `pageMeta` adds the canonical and hreflang links in both languages and the default share card.
 */
export function meta({ matches }: Route.MetaArgs) {
  const i18n = i18nFromMatches(matches);
  return pageMeta(matches, { title: i18n._(title), description: i18n._(intro(companyFromMatches(matches) ?? "")) });
}

/**
 * About us (product §1): the 'Why?', 'What', 'How' story, three service cards, three
 * value cards and the app feature gallery. Static: no data but the page's messages, no
 * page JavaScript of its own.
 */
export default function AboutUs() {
  const { t, i18n } = useLingui();
  const config = usePublicConfig();
  return (
    <>
      <section className="bg-brand text-white">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-[3fr_2fr] md:py-16">
          <div>
            <h1 className="text-4xl font-bold md:text-5xl">{i18n._(title)}</h1>
            <p className="mt-4 max-w-xl text-lg text-brand-50">{i18n._(intro(config.companyName))}</p>
          </div>
          <img
            src="/images/truck-banner.svg"
            alt={t`A long horse truck with five stalls on the road`}
            width={1200}
            height={360}
            fetchPriority="high"
            decoding="async"
            className="h-auto w-full rounded-3xl"
          />
        </div>
      </section>

      <AboutStory />
      <AboutServices />
      <AboutValues />
      <AboutGallery />
    </>
  );
}
