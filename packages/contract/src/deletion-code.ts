/**
 * How long a mailed account-deletion code stays valid, in milliseconds (architecture §3.7:
 * 10 minutes). The API refuses the code after it; the deletion page keeps its code step
 * across a reload of the tab for as long (product §4 Account deletion). In a module of its
 * own, so the page's chunk takes it without the code rules the other form pages share.
 */
export const DELETION_CODE_TTL_MS = 10 * 60_000;
