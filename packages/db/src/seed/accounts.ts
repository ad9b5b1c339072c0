import { count } from "drizzle-orm";
import type { Db } from "../client.ts";
import { accounts } from "../schema.ts";

/**
 * Demo app users (accounts). `layla.haddad@example.com` is the customer of the demo
 * invoices; any of them can try the account-deletion flow locally.
 */
const demoAccounts = [
  { displayName: "Layla Haddad", email: "layla.haddad@example.com", phoneNumber: "+971 50 123 4567" },
  { displayName: "Omar Al Mansoori", email: "omar.mansoori@example.com", phoneNumber: "+971 55 987 6543" },
  { displayName: "Sophie Laurent", email: "sophie.laurent@example.com", phoneNumber: "+33 6 12 34 56 78" },
  { displayName: "James Whitaker", email: "james.whitaker@example.com", phoneNumber: "+44 7700 900123" },
  { displayName: "Mariam Al Suwaidi", email: "mariam.suwaidi@example.com", phoneNumber: "+971 52 222 3344" },
  { displayName: "Khalid Al Nuaimi", email: "khalid.nuaimi@example.com", phoneNumber: "+971 56 410 2207" },
] as const;

/**
 * Inserts the demo accounts when the table is empty; answers how many it inserted. An
 * address that exists already is skipped (`on conflict do nothing` on the unique e-mail).
 */
export async function seedAccounts(db: Db): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(accounts);
  if (existing?.n !== 0) return 0;
  const inserted = await db
    .insert(accounts)
    .values(demoAccounts.map((a) => ({ ...a })))
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  return inserted.length;
}
