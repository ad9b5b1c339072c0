import { useLingui } from "@lingui/react/macro";

/** A section of the Terms of Use: its heading, its paragraphs and any titled subsections. */
interface TermsSection {
  title: string;
  paragraphs: string[];
  subsections?: { title: string; paragraphs: string[] }[];
}

/**
 * The Terms of Use, sections 0 to 13 (product §2 Terms and privacy), in the page's
 * language. The Arabic text is a formal translation; the English one is the reference.
 */
export function useTermsSections(): TermsSection[] {
  const { t } = useLingui();
  return [
    {
      title: t`Use of the site`,
      paragraphs: [
        t`By accessing or using this website, you confirm that you have read, understood and agree to be bound by these Terms of Use. If you do not agree, please do not use the site.`,
        t`You may use the site only for lawful purposes: to learn about our services, view our schedules, read our content and contact us. You must not use it in a way that damages the site, interferes with other visitors or breaks any law.`,
      ],
    },
    {
      title: t`General conditions`,
      paragraphs: [
        t`We may update these terms from time to time. The version published on this page applies from the moment it is posted, so please check it whenever you use the site.`,
        t`We may change, suspend or discontinue any part of the site at any time without notice.`,
      ],
    },
    {
      title: t`Services`,
      paragraphs: [
        t`The site describes our local horse transport, international shipping and software services. Bookings are made in our mobile apps.`,
        t`All prices are in UAE dirhams (AED). Every service request is subject to the availability of vehicles, flights, staff and other resources at the requested time.`,
      ],
    },
    {
      title: t`Intellectual property rights`,
      paragraphs: [
        t`The site and its content, including text, graphics, logos, images, designs and software, are owned by us or our licensors and are protected by copyright, trademark and other intellectual property laws.`,
        t`You may view and print pages for your own personal, non-commercial use. You may not copy, reproduce, modify, distribute or publish any content without our prior written permission.`,
      ],
    },
    {
      title: t`User representations`,
      paragraphs: [
        t`By using the site, you represent that the information you give us is true, accurate, current and complete, and that you will keep it up to date.`,
        t`You also represent that you have the legal capacity to agree to these terms, that you are not a minor in your place of residence, and that you will not access the site through automated or non-human means.`,
      ],
    },
    {
      title: t`User content`,
      paragraphs: [
        t`When you send us messages, feedback or other material, you confirm that you have the right to share it and that it is lawful, accurate and respectful.`,
        t`You grant us permission to use that material to answer you and to improve our services. We may remove any content that breaks these terms.`,
      ],
    },
    {
      title: t`Third-party links`,
      paragraphs: [
        t`The site may link to websites and services run by others, such as app stores and social networks. We do not control them and are not responsible for their content, policies or practices.`,
        t`Visiting a third-party site is at your own risk and subject to that site's own terms.`,
      ],
    },
    {
      title: t`Privacy`,
      paragraphs: [
        t`We care about the privacy of your data. Our Privacy Policy explains what information we collect, how we use it and the choices you have. By using the site, you agree to the handling of your data as described there.`,
      ],
    },
    {
      title: t`Errors and omissions`,
      paragraphs: [
        t`We work hard to keep the information on the site correct, but it may occasionally contain errors, inaccuracies or omissions, including in schedules, descriptions and prices.`,
        t`We reserve the right to correct any error and to change or update information at any time without prior notice.`,
      ],
    },
    {
      title: t`Disclaimer and limitation of liability`,
      paragraphs: [
        t`The site is provided on an "as is" and "as available" basis. To the fullest extent permitted by law, we disclaim all warranties, express or implied, including fitness for a particular purpose and non-infringement.`,
        t`We will not be liable for any indirect, incidental, special or consequential damages, or for any loss of profit, data or goodwill, arising from your use of the site or your inability to use it.`,
      ],
    },
    {
      title: t`Indemnification`,
      paragraphs: [
        t`You agree to defend, indemnify and hold harmless us, our affiliates and our staff from any loss, damage, liability, claim or demand, including reasonable legal fees, made by any third party because of your use of the site or your breach of these terms.`,
      ],
    },
    {
      title: t`Termination`,
      paragraphs: [
        t`These terms remain in effect while you use the site. We may, at our sole discretion and without notice, deny access to the site to anyone who breaks these terms or any applicable law.`,
      ],
    },
    {
      title: t`Governing law and final provisions`,
      paragraphs: [],
      subsections: [
        {
          title: t`Governing law`,
          paragraphs: [
            t`These terms are governed by the laws of the United Arab Emirates. Any dispute arising from them or from your use of the site is subject to the exclusive jurisdiction of the courts of Sharjah.`,
          ],
        },
        {
          title: t`Waiver`,
          paragraphs: [
            t`If we do not enforce any right or provision of these terms, that does not waive the right or provision. A waiver is valid only if made in writing.`,
          ],
        },
        {
          title: t`Headings`,
          paragraphs: [
            t`The headings in these terms are for convenience only and have no legal or contractual effect.`,
          ],
        },
      ],
    },
    {
      title: t`Contact us`,
      paragraphs: [
        t`If you have a question or a complaint about these terms or the site, please get in touch with our support team:`,
      ],
    },
  ];
}
