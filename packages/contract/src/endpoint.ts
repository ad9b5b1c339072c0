import type { z } from "zod";
import { envelopeSchema } from "./envelope.ts";
import type { Message } from "./messages.ts";

/** HTTP methods used by the provider API (product §7). */
type HttpMethod = "GET" | "POST";

/**
 * One call of the provider API, described once and used by both sides: the API
 * registers its route from it (path, input schemas, response schema) and the web
 * client calls it (path, query building, response parsing). `path` uses Fastify's
 * `:param` syntax and is relative to the versioned API root (`/api/v1`).
 */
export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /**
   * The call's name in the OpenAPI document, unique across the API (camelCase; the API
   * service function's name where there is one, e.g. `getInvoiceByLink`). Client
   * generators name their methods after it.
   */
  operationId: string;
  /** Query string schema (input side: strings in, typed values out). */
  query?: Q;
  /** JSON body schema. */
  body?: B;
  /** Path parameter schema. */
  params?: P;
  /** Schema of `data` inside the success envelope. */
  data: D;
  /** The `message` of the success envelope, from the catalogue (decision 027); none for `binary`. */
  message?: Message;
  /** Short human summary, used by the OpenAPI document. */
  summary: string;
  tags: string[];
  /** When set, the success answer is this content type instead of the JSON envelope. */
  binary?: string;
  /**
   * A `GET` whose call changes state (product §7 spells the deletion code's request as a
   * `GET` that mails the code): registered without the automatic `HEAD`, so a `HEAD` (a link
   * checker, a mail scanner's probe) is 405 and does nothing (RFC 9110 §9.3.2: `HEAD` is safe),
   * and the client never repeats it on its own, as it never repeats a `POST` (each repeat
   * would mail another code and void the one before).
   */
  changesState?: true;
  /**
   * A `GET` a person's browser opens from a link outside the site (an alert mail's
   * `List-Unsubscribe`): its success answer is `303 See Other` to the page of this site that
   * `data.location` names (a path), with no body, in place of the envelope; the text says
   * what that page is (the OpenAPI document's description of the 303). The contract client,
   * which reads envelopes, does not call it.
   */
  redirect?: string;
  /**
   * Error statuses this call answers beyond the ones every call may give (400 invalid
   * input, 404, 413/415 for a body, 429 when rate-limited, 503 with `retry-after` when
   * the database cannot be reached), each with what it means; listed in the OpenAPI
   * document, in place of the common answer of the same status.
   */
  errors?: Partial<Record<402 | 409 | 502 | 503, string>>;
}

/** Define an endpoint with its types preserved (identity at run time). */
export function defineEndpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  D extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Q, B, P, D>): Endpoint<Q, B, P, D> {
  return endpoint;
}

/** The full success envelope schema of an endpoint. */
export function responseSchemaOf<D extends z.ZodType>(endpoint: { data: D }) {
  return envelopeSchema(endpoint.data);
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** What a caller passes to call an endpoint (client side: the schemas' *input* types). */
export type CallInput<E> =
  E extends Endpoint<infer Q, infer B, infer P, z.ZodType>
    ? (Q extends z.ZodType ? { query?: InputOf<Q> } : { query?: undefined }) &
        (B extends z.ZodType ? { body: InputOf<B> } : { body?: undefined }) &
        (P extends z.ZodType ? { params: InputOf<P> } : { params?: undefined })
    : never;

/** What the API handler receives (server side: the schemas' *output* types). */
export type HandlerInput<E> =
  E extends Endpoint<infer Q, infer B, infer P, z.ZodType>
    ? { query: OutputOf<Q>; body: OutputOf<B>; params: OutputOf<P> }
    : never;

/** The `data` an endpoint answers with. */
export type DataOf<E> = E extends Endpoint<infer _Q, infer _B, infer _P, infer D> ? z.output<D> : never;
