import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { blogs, legalDocuments, releaseLogs, releaseNotes } from "../schema.ts";
import { releaseLogSeedsAr, releaseNoteSeedsAr } from "./content-ar.ts";
import { blogSeeds } from "./content-blogs.ts";
import { blogSeedsAr } from "./content-blogs-ar.ts";
import { privacyPolicy, termsAndConditions } from "./content-legal.ts";
import { privacyPolicyAr, termsAndConditionsAr } from "./content-legal-ar.ts";
import { dayFrom } from "./schedules.ts";

/** Release notes of /release-note (product §3): newest first, `daysAgo` from the seeding day. */
const releaseNoteSeeds = [
  {
    daysAgo: 9,
    tag: "New",
    title: "Pay invoices with Apple Pay",
    content:
      "<p>Open an invoice link and choose Apple Pay to pay in one tap. Card payments are still available, and the " +
      "processing fee is shown before you confirm.</p>",
  },
  {
    daysAgo: 62,
    tag: "Improvement",
    title: "Faster flight search",
    content:
      "<p>The flight list now opens instantly and filters import and export flights as you tap. Dates show the " +
      "weekday, so you can plan around your horse's schedule at a glance.</p>",
  },
  {
    daysAgo: 118,
    tag: "New",
    title: "Share a trip with your team",
    content:
      "<p>Send a trip to your trainer, rider, groom or vet. Everyone you share with sees the pick-up time and " +
      "follows the truck live; you decide who can see what.</p>",
  },
  {
    daysAgo: 205,
    tag: "Fix",
    title: "Reminders in the right time zone",
    content:
      "<p>Reminders for shows and flights now always use UAE time, even when your phone is set to another time " +
      "zone while you travel abroad.</p>",
  },
  {
    daysAgo: 290,
    tag: "New",
    title: "All your horse's documents in one place",
    content:
      "<p>Add the passport, vaccination record and health certificates to each horse's profile. They are ready " +
      "whenever a booking or a border needs them.</p><ul><li>Scan with your camera or upload a PDF</li><li>Expiry " +
      "reminders for vaccinations</li></ul>",
  },
  {
    daysAgo: 395,
    tag: "New",
    title: "The endurance season is in the app",
    content:
      "<p>Every ride of the UAE endurance season, from 40 km qualifiers to 160 km championships, with overnight " +
      "transport to the endurance villages.</p>",
  },
];

/** App release logs of /release-logs (product §3): version as title, HTML content, a screen as image. */
const releaseLogSeeds = [
  {
    daysAgo: 9,
    title: "3.2.0",
    image: "/images/slide-wallet.svg",
    content:
      "<p>Paying is now quicker than ever.</p><ul><li><strong>Apple Pay</strong> for invoices and " +
      "bookings</li><li>Saved cards in your wallet, with the card fee shown before you pay</li><li>Receipts you " +
      "can download from the invoice</li></ul>",
  },
  {
    daysAgo: 62,
    title: "3.1.0",
    image: "/images/slide-flights.svg",
    content:
      "<p>A new flight schedule built for planning.</p><ul><li>Import and export filters that remember your " +
      "choice</li><li>Departure and arrival airports with full dates</li><li>Reserve a stall straight from the " +
      "flight card</li></ul>",
  },
  {
    daysAgo: 118,
    title: "3.0.0",
    image: "/images/slide-share.svg",
    content:
      "<p>Our biggest update: the app is now built around your team.</p><ul><li>Share trips with trainers, " +
      "riders, grooms and vets</li><li>Live tracking for everyone you share with</li><li>A redesigned home screen " +
      "with your next trips first</li></ul>",
  },
  {
    daysAgo: 205,
    title: "2.6.0",
    image: "/images/slide-invoices.svg",
    content:
      "<p>Invoices, clearly.</p><ul><li>All invoices in one list, with paid and due badges</li><li>Pay an invoice " +
      "from its link, no sign-in needed</li><li>Reminders use UAE time wherever you are</li></ul>",
  },
  {
    daysAgo: 290,
    title: "2.5.0",
    image: "/images/slide-horses.svg",
    content:
      "<p>Every horse gets its own profile.</p><ul><li>Passport, vaccinations and health documents per " +
      "horse</li><li>Vaccination expiry reminders</li><li>Book several horses on one trip</li></ul>",
  },
  {
    daysAgo: 395,
    title: "2.4.0",
    image: "/images/slide-track.svg",
    content:
      "<p>Follow your horse live.</p><ul><li>Live truck position on the map, from loading to " +
      "arrival</li><li>Arrival notifications</li><li>The full endurance season schedule</li></ul>",
  },
];

async function isEmpty(db: Db, table: typeof blogs | typeof legalDocuments | typeof releaseNotes | typeof releaseLogs) {
  const [row] = await db.select({ n: count() }).from(table);
  return row?.n === 0;
}

/**
 * Inserts the demo blogs (8, one main), the terms and privacy documents, release notes
 * and release logs into whichever of their tables are empty (architecture §2 demo content).
 * Dates are whole days before `now` (06:00 UTC, 10:00 in Dubai). Answers what it inserted.
 */
export async function seedContent(
  db: Db,
  now: Date,
): Promise<{ blogs: number; legal: number; releaseNotes: number; releaseLogs: number }> {
  const result = { blogs: 0, legal: 0, releaseNotes: 0, releaseLogs: 0 };
  if (await isEmpty(db, blogs)) {
    await db.insert(blogs).values(
      blogSeeds.map(({ slug, daysAgo, isMainBlog, ...blog }) => ({
        ...blog,
        date: dayFrom(now, -daysAgo),
        isMainBlog: isMainBlog ?? false,
        mainImage: `/images/blog/${slug}.svg`,
        subImage: `/images/blog/${slug}-card.svg`,
        translations: blogSeedsAr[slug] ? { ar: blogSeedsAr[slug] } : {},
      })),
    );
    result.blogs = blogSeeds.length;
  }
  if (await isEmpty(db, legalDocuments)) {
    const updatedAt = dayFrom(now, -30);
    await db
      .insert(legalDocuments)
      .values([
        {
          category: "TermsAndConditions",
          title: { en: termsAndConditions.title, ar: termsAndConditionsAr.title },
          content: { en: termsAndConditions.content, ar: termsAndConditionsAr.content },
          updatedAt,
        },
        {
          category: "PrivacyPolicy",
          title: { en: privacyPolicy.title, ar: privacyPolicyAr.title },
          content: { en: privacyPolicy.content, ar: privacyPolicyAr.content },
          updatedAt,
        },
      ])
      .onConflictDoNothing();
    result.legal = 2;
  }
  if (await isEmpty(db, releaseNotes)) {
    await db.insert(releaseNotes).values(
      releaseNoteSeeds.map(({ daysAgo, ...note }, i) => ({
        ...note,
        date: dayFrom(now, -daysAgo),
        translations: releaseNoteSeedsAr[i] ? { ar: releaseNoteSeedsAr[i] } : {},
      })),
    );
    result.releaseNotes = releaseNoteSeeds.length;
  }
  if (await isEmpty(db, releaseLogs)) {
    await db.insert(releaseLogs).values(
      releaseLogSeeds.map(({ daysAgo, ...log }, i) => ({
        ...log,
        date: dayFrom(now, -daysAgo),
        translations: releaseLogSeedsAr[i] ? { ar: releaseLogSeedsAr[i] } : {},
      })),
    );
    result.releaseLogs = releaseLogSeeds.length;
  }
  return result;
}

/**
 * Gives the demo content of a database seeded before Arabic existed its Arabic versions
 * (decision 016): rows with no translations yet whose English texts are the demo's. Rows the
 * company wrote itself are never touched. Answers how many rows it updated.
 */
export async function backfillContentTranslations(db: Db): Promise<number> {
  let updated = 0;
  const untranslated = sql`translations = '{}'::jsonb`;
  for (const seed of blogSeeds) {
    const arabic = blogSeedsAr[seed.slug];
    if (!arabic) continue;
    const rows = await db
      .update(blogs)
      .set({ translations: { ar: arabic } })
      .where(and(eq(blogs.title, seed.title), untranslated))
      .returning({ id: blogs.id });
    updated += rows.length;
  }
  for (const [i, seed] of releaseNoteSeeds.entries()) {
    const arabic = releaseNoteSeedsAr[i];
    if (!arabic) continue;
    const rows = await db
      .update(releaseNotes)
      .set({ translations: { ar: arabic } })
      .where(and(eq(releaseNotes.title, seed.title), untranslated))
      .returning({ id: releaseNotes.id });
    updated += rows.length;
  }
  for (const [i, seed] of releaseLogSeeds.entries()) {
    const arabic = releaseLogSeedsAr[i];
    if (!arabic) continue;
    const rows = await db
      .update(releaseLogs)
      .set({ translations: { ar: arabic } })
      .where(and(eq(releaseLogs.title, seed.title), untranslated))
      .returning({ id: releaseLogs.id });
    updated += rows.length;
  }
  for (const [category, english, arabic] of [
    ["TermsAndConditions", termsAndConditions, termsAndConditionsAr],
    ["PrivacyPolicy", privacyPolicy, privacyPolicyAr],
  ] as const) {
    const rows = await db
      .update(legalDocuments)
      .set({
        title: { en: english.title, ar: arabic.title },
        content: { en: english.content, ar: arabic.content },
      })
      .where(
        and(
          eq(legalDocuments.category, category),
          sql`${legalDocuments.title}->>'en' = ${english.title}`,
          sql`not (${legalDocuments.title} ? 'ar')`,
        ),
      )
      .returning({ id: legalDocuments.id });
    updated += rows.length;
  }
  return updated;
}
