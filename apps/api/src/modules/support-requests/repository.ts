import { eq } from "drizzle-orm";
import type { Tx } from "@khayl/db/client";
import { supportRequests } from "@khayl/db/schema";

export type NewSupportRequest = Omit<typeof supportRequests.$inferInsert, "id" | "reference" | "createdAt">;

/** Inserts a support request and answers its id and creation time. */
export async function insertSupportRequest(tx: Tx, values: NewSupportRequest) {
  const [row] = await tx.insert(supportRequests).values(values).returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Sets the human-friendly reference of a stored request. */
export async function setReference(tx: Tx, id: number, reference: string): Promise<void> {
  await tx.update(supportRequests).set({ reference }).where(eq(supportRequests.id, id));
}
