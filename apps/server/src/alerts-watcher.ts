import { API_PREFIX } from "@khayl/api/app";
import { type AlertWatcher, createAlertWatcher } from "@khayl/api/modules/alerts/watcher";
import { loadSecretKey, secretKeysOf } from "@khayl/api/secret-key";
import type { Env } from "@khayl/config/env";
import { createApiClient } from "@khayl/contract/client";
import type { Db } from "@khayl/db/client";
import type { FastifyInstance } from "fastify";
import { inProcessFetch } from "./in-process-fetch.ts";

/**
 * The alerts watcher of this instance (decision 028), started lazily: it reads the schedules
 * through the contract client as the pages do (one client per language: Arabic mails name
 * shows as the Arabic schedule does), from `API_URL` when set, else from the
 * in-process API (as an own read, outside the per-client read budget); subscriptions and
 * what it has seen stay in this site's database either way. Runs every
 * `ALERTS_INTERVAL_SECONDS`; exactly once across instances (see `runAlertWatch`).
 */
export function createAlertWatcherOf(
  app: FastifyInstance,
  db: Db,
  env: Env,
  ownRead: Record<string, string>,
): AlertWatcher {
  let watcher: AlertWatcher | undefined;
  let starting: Promise<AlertWatcher> | undefined;
  const get = () => {
    starting ??= loadSecretKey(env).then((secret) => {
      const clientIn = (language: "en" | "ar") =>
        createApiClient({
          baseUrl: env.API_URL ?? `http://in-process${API_PREFIX}`,
          language,
          // Never an answer kept from before a change another instance has already seen.
          headers: { "cache-control": "no-cache" },
          ...(env.API_URL ? { timeoutMs: 5_000, retries: 2 } : { fetch: inProcessFetch(app, "127.0.0.1", ownRead) }),
        });
      const clients = { en: clientIn("en"), ar: clientIn("ar") };
      const api = (language: "en" | "ar") => clients[language];
      watcher = createAlertWatcher({ db, env, ...secretKeysOf(secret), api, log: app.log });
      return watcher;
    });
    return starting;
  };
  return {
    start() {
      void get().then(
        (w) => w.start(),
        (err: unknown) => app.log.warn({ err }, "alerts watcher did not start"),
      );
    },
    async stop() {
      await starting?.catch(() => undefined);
      await watcher?.stop();
    },
    runOnce: async () => (await get()).runOnce(),
  };
}
