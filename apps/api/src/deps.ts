import type { Env } from "@khayl/config/env";
import type { Db } from "@khayl/db/client";
import type { AnswerCache } from "./http/cache.ts";
import type { ScheduleNameReader } from "./modules/alerts/schedule-names.ts";
import type { SecretKeys } from "./secret-key.ts";

/** What the API modules need from their host: the database and the configuration. */
export interface ApiDeps {
  db: Db;
  env: Env;
  /**
   * The server-side cache of public list answers (`createAnswerCache`, decision 022), which
   * the host empties when content changes; without one every list is read from the database.
   */
  answers?: AnswerCache;
  /**
   * How alerts name, and check, the one show or flight a request watches (decision 028):
   * `apiRootPlugin` reads this API's own schedule when none is given; a host mounting
   * `alertsApiPlugin` (the schedules behind `API_URL`) must give one reading them there.
   */
  scheduleName?: ScheduleNameReader;
  /**
   * Whether the host in front counts each client's API GETs against a budget and answers 429
   * with `retry-after` past it (decision 022); the OpenAPI document then lists that answer on
   * every GET. Default false: the API itself counts no reads.
   */
  readsLimited?: boolean;
}

/**
 * What `apiRootPlugin` hands each module: the host's `ApiDeps` and what the server secret
 * (`loadSecretKey`) keys: the keyed hash, for anything stored about a person that must be
 * recognised again, and the sealer of the outbox's code and link mails (architecture §3.7),
 * and the reader of the schedule's names (`ApiDeps.scheduleName`, always set).
 */
export interface ModuleDeps extends ApiDeps, SecretKeys {
  scheduleName: ScheduleNameReader;
}
