-- The sandbox payment provider (architecture §3.8) derives an intent's client secret from its
-- id under the server secret, so a copy of the database confirms no sandbox payment. The
-- secrets stored in clear go; an open intent's page is given the derived one when reloaded.
ALTER TABLE "sandbox_payment_intents" DROP COLUMN "client_secret";
