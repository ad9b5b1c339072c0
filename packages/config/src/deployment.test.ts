import { describe, expect, test } from "vitest";
import { deploymentKind, exposedDemoWarning } from "./deployment.ts";
import { parseEnv } from "./env.ts";
import { live, refusal } from "./testing.ts";

describe("a public deployment refuses what only makes sense in the demo (architecture §6)", () => {
  test("loopback addresses are the demo; any other origin is public", () => {
    for (const url of [
      undefined,
      "http://localhost:3000",
      "http://127.0.0.1:3210",
      "http://[::1]:3000",
      "http://shop.localhost",
    ])
      expect(deploymentKind({ PUBLIC_URL: url }), String(url)).toBe("demo");
    for (const url of ["https://www.example.ae", "http://10.0.0.5:3000", "http://staging.khayl.internal"])
      expect(deploymentKind({ PUBLIC_URL: url }), url).toBe("public");
  });

  test("nothing configured but a public URL: one message lists every problem and its variable", () => {
    let message = "";
    try {
      parseEnv({ PUBLIC_URL: "https://www.example.ae" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      expect.stringMatching(/^ {2}TRUST_PROXY: not set, yet PUBLIC_URL is https: .*no Strict-Transport-Security/),
      expect.stringMatching(
        /^ {2}STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: payments would go to the offline sandbox.*ALLOW_TEST_PAYMENTS=true/,
      ),
      expect.stringMatching(/^ {2}SMTP_URL: mail .* only be written to files/),
      expect.stringMatching(/^ {2}SECRET_KEY: not set; set a random secret of at least 32 characters/),
      expect.stringMatching(/^ {2}DEMO_DATA: not set; set DEMO_DATA=false/),
    ]);
  });

  test("a public deployment refuses NODE_ENV other than production; the demo takes any", () => {
    for (const mode of ["development", "test"])
      expect(refusal({ ...live, NODE_ENV: mode }).split("\n"), mode).toEqual([
        "Invalid configuration:",
        `  NODE_ENV: ${mode}: the pages would be served in development mode, which sends a failing page's server error (its message and stack) to the visitor; unset it or set NODE_ENV=production`,
      ]);
    expect(refusal({ ...live, NODE_ENV: "production" })).toBe("");
    expect(refusal({ ...live, NODE_ENV: "" })).toBe("");
    expect(refusal({ NODE_ENV: "development" })).toBe("");
  });

  test("PUBLIC_URL is an origin, and https on a public deployment", () => {
    for (const url of [
      "https://staff:hunter2@www.example.ae",
      "https://www.example.ae/site",
      "https://www.example.ae/?x=1",
      "https://www.example.ae#top",
      "https://www.example.ae?",
      "ftp://www.example.ae",
      "javascript://www.example.ae",
    ])
      expect(refusal({ ...live, PUBLIC_URL: url }), url).toMatch(
        /^ {2}PUBLIC_URL: an origin such as https:\/\/www\.example\.ae/m,
      );
    expect(refusal({ ...live, PUBLIC_URL: "https://www.example.ae/" })).toBe("");
    expect(refusal({ ...live, PUBLIC_URL: "https://www.example.ae:8443" })).toBe("");
    expect(refusal({ ...live, PUBLIC_URL: "http://www.example.ae" })).toMatch(
      /^ {2}PUBLIC_URL: http: a public site is served over https/m,
    );
    // The demo on this machine stays on plain http.
    expect(refusal({ PUBLIC_URL: "http://localhost:3000" })).toBe("");
  });

  test("a SECRET_KEY of spaces or one repeated character is refused, a random one taken", () => {
    for (const key of [" ".repeat(40), "a".repeat(64), "abcabcabcabcabcabcabcabcabcabcabc"])
      expect(refusal({ ...live, SECRET_KEY: key }), JSON.stringify(key)).toMatch(
        /^ {2}SECRET_KEY: too uniform for a secret/m,
      );
    expect(refusal({ ...live, SECRET_KEY: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08" })).toBe(
      "",
    );
  });

  test("an https site names its proxy: without TRUST_PROXY it would never send HSTS and share one client", () => {
    expect(refusal({ ...live, TRUST_PROXY: "" })).toMatch(/^ {2}TRUST_PROXY: not set, yet PUBLIC_URL is https/m);
    expect(refusal({ ...live, TRUST_PROXY: "10.0.0.2" })).toBe("");
  });

  test("live keys with a Stripe stand-in, or the provider API over plain http, are refused on a public site", () => {
    expect(refusal({ ...live, STRIPE_API_URL: "http://stripe-mock:12111" })).toMatch(
      /^ {2}STRIPE_API_URL: set: payments would go to that stand-in/m,
    );
    expect(refusal({ ...live, STRIPE_API_URL: "http://stripe-mock:12111", ALLOW_TEST_PAYMENTS: "true" })).toBe("");
    expect(refusal({ ...live, API_URL: "http://provider.example/api/v1" })).toMatch(
      /^ {2}API_URL: http to a host that is not loopback/m,
    );
    expect(refusal({ ...live, API_URL: "http://127.0.0.1:4000/api/v1" })).toBe("");
    expect(refusal({ ...live, API_URL: "https://provider.example/api/v1" })).toBe("");
  });

  test("a complete live configuration starts; the demo needs none of it", () => {
    expect(parseEnv(live).DEMO_DATA).toBe(false);
    expect(() => parseEnv({})).not.toThrow();
    expect(() => parseEnv({ PUBLIC_URL: "http://localhost:4000" })).not.toThrow();
  });

  test("Stripe test keys are refused unless the operator opts in to test payments", () => {
    const testKeys = { ...live, STRIPE_PUBLISHABLE_KEY: "pk_test_abc", STRIPE_SECRET_KEY: "sk_test_def" };
    expect(() => parseEnv(testKeys)).toThrow(/STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: these are Stripe test keys/);
    expect(() => parseEnv({ ...testKeys, ALLOW_TEST_PAYMENTS: "true" })).not.toThrow();
    const sandbox = { ...live, STRIPE_PUBLISHABLE_KEY: "", STRIPE_SECRET_KEY: "" };
    expect(() => parseEnv(sandbox)).toThrow(/offline sandbox/);
    expect(parseEnv({ ...sandbox, ALLOW_TEST_PAYMENTS: "true" }).ALLOW_TEST_PAYMENTS).toBe(true);
  });

  test("DEMO_DATA must be said explicitly, either way; true is allowed for a public demo site", () => {
    expect(() => parseEnv({ ...live, DEMO_DATA: "" })).toThrow(/DEMO_DATA: not set/);
    expect(parseEnv({ ...live, DEMO_DATA: "true" }).DEMO_DATA).toBe(true);
  });

  test("an instance whose API is elsewhere (API_URL) still mails alerts and makes their links: SMTP and SECRET_KEY", () => {
    const webOnly = { ...live, API_URL: "https://api.example.ae/api/v1" };
    expect(() => parseEnv(webOnly)).not.toThrow();
    expect(() => parseEnv({ ...webOnly, SMTP_URL: "" })).toThrow(/^ {2}SMTP_URL: mail .*e-mail alerts/m);
    expect(() => parseEnv({ ...webOnly, SECRET_KEY: "" })).toThrow(/^ {2}SECRET_KEY: not set/m);
  });

  test("the API refuses to start without SECRET_KEY; a short one is refused anywhere", () => {
    expect(() => parseEnv({ ...live, SECRET_KEY: "" })).toThrow(/SECRET_KEY: not set/);
    expect(() => parseEnv({ SECRET_KEY: "too-short" })).toThrow(/SECRET_KEY: at least 32 characters/);
    expect(parseEnv({}).SECRET_KEY).toBeUndefined();
  });
});

describe("a server other machines can reach is public or says it is a demo (architecture §6)", () => {
  const exposed = /^ {2}PUBLIC_URL or DEMO_ON_PUBLIC_ADDRESS: other machines can reach this server \(/m;

  test("listening on loopback needs nothing new: localhost, 127.0.0.0/8, ::1, IPv4-mapped loopback", () => {
    for (const HOST of [
      "",
      "localhost",
      "LOCALHOST",
      "shop.localhost",
      "127.0.0.1",
      "127.0.0.2",
      "::1",
      "[::1]",
      "::ffff:127.0.0.1",
    ]) {
      expect(refusal({ HOST }), HOST).toBe("");
      expect(exposedDemoWarning(parseEnv({ HOST })), HOST).toBeNull();
    }
    // Playwright's and the bench's server: HOST and PUBLIC_URL on 127.0.0.1 are still the demo.
    expect(refusal({ HOST: "127.0.0.1", PUBLIC_URL: "http://127.0.0.1:3210" })).toBe("");
  });

  test("any other HOST, or TRUST_PROXY, without a public PUBLIC_URL refuses with one line saying what to set", () => {
    for (const HOST of [
      "0.0.0.0",
      "::",
      "[::]",
      "0:0:0:0:0:0:0:0",
      "192.168.1.20",
      "10.0.0.5",
      "fe80::1",
      "2001:db8::1",
      "example.ae",
      "localhost.example.ae",
    ]) {
      const message = refusal({ HOST });
      expect(message, HOST).toMatch(exposed);
      expect(message, HOST).toContain(`HOST=${HOST} listens beyond loopback`);
      expect(message.split("\n"), HOST).toHaveLength(2);
    }
    expect(refusal({ TRUST_PROXY: "loopback" })).toMatch(exposed);
    // A loopback PUBLIC_URL does not make an exposed server local.
    const both = refusal({ HOST: "0.0.0.0", TRUST_PROXY: "10.0.0.1", PUBLIC_URL: "http://localhost:3000" });
    expect(both.split("\n")).toEqual([
      "Invalid configuration:",
      "  PUBLIC_URL or DEMO_ON_PUBLIC_ADDRESS: other machines can reach this server (HOST=0.0.0.0 listens beyond " +
        "loopback; TRUST_PROXY=10.0.0.1 names a proxy) but without a public PUBLIC_URL it would run as the local " +
        "demo (demo accounts and invoices, test-card payments, verification codes in files and logs); set PUBLIC_URL " +
        "to the site's public origin (a public deployment: live payments, SMTP_URL, SECRET_KEY and DEMO_DATA are " +
        "then required), or DEMO_ON_PUBLIC_ADDRESS=true to run the demo there on purpose, or keep it local: " +
        "HOST=localhost and no TRUST_PROXY",
    ]);
    // Listed with every other problem at once.
    expect(refusal({ HOST: "0.0.0.0", PORT: "eighty" })).toMatch(/PORT: [\s\S]*PUBLIC_URL or DEMO_ON_PUBLIC_ADDRESS/);
  });

  test("DEMO_ON_PUBLIC_ADDRESS=true runs the demo there, with a warning to log; a public PUBLIC_URL ignores it", () => {
    const env = parseEnv({ HOST: "0.0.0.0", TRUST_PROXY: "loopback", DEMO_ON_PUBLIC_ADDRESS: "true" });
    expect(deploymentKind(env)).toBe("demo");
    expect(exposedDemoWarning(env)).toMatch(
      /^DEMO_ON_PUBLIC_ADDRESS=true: running the DEMO where other machines can reach it \(HOST=0\.0\.0\.0 listens beyond loopback; TRUST_PROXY=loopback names a proxy\)/,
    );
    expect(() => parseEnv({ DEMO_ON_PUBLIC_ADDRESS: "yes" })).toThrow(/DEMO_ON_PUBLIC_ADDRESS: true or false/);
    // On a public origin every public refusal still applies, and nothing is said about the demo.
    const message = refusal({ PUBLIC_URL: "https://www.example.ae", HOST: "0.0.0.0", DEMO_ON_PUBLIC_ADDRESS: "true" });
    expect(message).toMatch(/SMTP_URL: [\s\S]*SECRET_KEY: [\s\S]*DEMO_DATA: /);
    expect(message).not.toContain("DEMO_ON_PUBLIC_ADDRESS");
    const publicEnv = parseEnv({ ...live, HOST: "::", DEMO_ON_PUBLIC_ADDRESS: "true" });
    expect(exposedDemoWarning(publicEnv)).toBeNull();
  });

  test("a public deployment refuses TRUST_PROXY ranges wider than /8 (IPv4) or /32 (IPv6)", () => {
    for (const ok of [
      "loopback",
      "uniquelocal,linklocal",
      "10.0.0.0/8",
      "203.0.113.7",
      "2001:db8::/32",
      "::1",
      "::ffff:10.0.0.0/104",
    ])
      expect(refusal({ ...live, TRUST_PROXY: ok }), ok).toBe("");
    expect(
      refusal({ ...live, TRUST_PROXY: "loopback,10.0.0.0/7,2001:db8::/31,::ffff:0.0.0.0/100" }).split("\n"),
    ).toEqual([
      "Invalid configuration:",
      "  TRUST_PROXY: 10.0.0.0/7, 2001:db8::/31, ::ffff:0.0.0.0/100 are wider than /8 (IPv4) or /32 (IPv6): every " +
        "address in them could forge X-Forwarded-For and X-Forwarded-Proto; name the proxy's own address or a range " +
        "of /8 or narrower (IPv4), /32 or narrower (IPv6)",
    ]);
    // The demo, opted in, may trust a wide private range.
    expect(refusal({ TRUST_PROXY: "10.0.0.0/7", DEMO_ON_PUBLIC_ADDRESS: "true" })).toBe("");
  });
});

describe("instances on one database share one SECRET_KEY (architecture §3.7)", () => {
  test("DATABASE_URL without SECRET_KEY refuses, naming SECRET_KEY once, even for a local demo", () => {
    const message = refusal({ DATABASE_URL: "postgres://khayl@db.internal:5432/khayl" });
    expect(message.split("\n")).toEqual([
      "Invalid configuration:",
      "  SECRET_KEY: not set; set a random secret of at least 32 characters (openssl rand -hex 32), the same on " +
        "every instance: it keys the hashes of verification codes and of e-mail and client addresses (on the shared " +
        "DATABASE_URL, a key generated by each instance would make codes asked through one fail on another and give " +
        "each instance its own rate-limit counts)",
    ]);
    const onPublic = refusal({ ...live, SECRET_KEY: "", DATABASE_URL: "postgres://khayl@db.internal:5432/khayl" });
    expect(onPublic.match(/SECRET_KEY: /g)).toHaveLength(1);
  });

  test("with SECRET_KEY it starts; the demo on PGlite needs none, even with API_URL (its alerts' own PGlite)", () => {
    const shared = { DATABASE_URL: "postgres://khayl@db.internal:5432/khayl", SECRET_KEY: live.SECRET_KEY };
    const provider = { API_URL: "https://api.example.ae/api/v1" };
    expect(refusal(shared)).toBe("");
    expect(refusal({})).toBe("");
    expect(refusal(provider)).toBe("");
    expect(refusal({ ...shared, ...provider })).toBe("");
    // Alert subscriptions are kept in the shared database under API_URL too (decision 028).
    expect(refusal({ DATABASE_URL: shared.DATABASE_URL, ...provider })).toMatch(/^ {2}SECRET_KEY: not set; /m);
  });

  test("the database tools (db:migrate, db:seed) are not servers: no deployment refusals", () => {
    const source = {
      DATABASE_URL: "postgres://khayl@db.internal:5432/khayl",
      PUBLIC_URL: "https://www.example.ae",
      HOST: "0.0.0.0",
    };
    expect(() => parseEnv(source)).toThrow(/SECRET_KEY: not set/);
    expect(parseEnv(source, { server: false }).DATABASE_URL).toBe(source.DATABASE_URL);
    expect(() => parseEnv({ ...source, PORT: "eighty" }, { server: false })).toThrow(/PORT/);
  });
});
