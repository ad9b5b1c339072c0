import { crossSiteRequest, errorEnvelope } from "@khayl/contract/envelope";
import type { FastifyReply, FastifyRequest } from "fastify";
import { translate } from "../i18n.ts";
import { requestLanguage } from "./language.ts";

/** `Sec-Fetch-Dest` values of a call a page's own script makes (`empty`) or of a visit (`document`). */
const CALLER_DESTINATIONS = new Set(["empty", "document"]);

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * An `onRequest` hook for calls with side effects a browser could be made to send from
 * another site (architecture §3.7): browsers label every request with Fetch Metadata, so
 * one marked `Sec-Fetch-Site: cross-site`, or made for an `<img>`, `<script>`, style,
 * frame or any other subresource (`Sec-Fetch-Dest` other than `empty` or `document`), is
 * refused with 403 and the envelope before anything is counted or done. Requests without
 * these headers (the mobile app, other servers, the web server's own calls to the API)
 * pass, as does a page's same-site `fetch` and a visit typed in the address bar.
 */
export async function refuseCrossSiteBrowserRequests(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const site = header(request, "sec-fetch-site");
  const destination = header(request, "sec-fetch-dest");
  if (site?.toLowerCase() === "cross-site" || (destination && !CALLER_DESTINATIONS.has(destination.toLowerCase()))) {
    const message = translate(crossSiteRequest, requestLanguage(request));
    await reply.code(403).send(errorEnvelope(403, message));
  }
}
