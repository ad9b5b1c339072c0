-- Which worker round holds a mail's lease (architecture §3.6): a worker renews the lease
-- before each send and settles it only while its claim still holds, so a mail another
-- instance claimed after the first lease ran out is never sent twice.
ALTER TABLE "outbox" ADD COLUMN "claim_token" uuid;
