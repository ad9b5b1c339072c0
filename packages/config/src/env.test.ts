import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { deploymentKind, envSchema, loadEnvFile, parseEnv, publicConfig } from "./env.ts";

describe("configuration (conventions §4)", () => {
  test("defaults give a working demo", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
  });
  test("empty strings count as missing", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "", API_URL: "" })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
      API_URL: undefined,
    });
  });
  test("WHATSAPP_NUMBER: unset is the demo number, empty turns WhatsApp off, bad values are refused", () => {
    expect(publicConfig(parseEnv({})).whatsappNumber).toBe("+971 50 000 0000");
    expect(publicConfig(parseEnv({ WHATSAPP_NUMBER: "" })).whatsappNumber).toBeNull();
    expect(parseEnv({ WHATSAPP_NUMBER: " +971 4 123 4567 " }).WHATSAPP_NUMBER).toBe("+971 4 123 4567");
    for (const bad of ["0501234567", "+971-50-123", "+12", "whatsapp"]) {
      expect(() => parseEnv({ WHATSAPP_NUMBER: bad }), bad).toThrow(/WHATSAPP_NUMBER/);
    }
  });
  test("every bad variable is listed at once", () => {
    expect(() => parseEnv({ PORT: "eighty", API_URL: "not a url", SUPPORT_EMAIL: "nope" })).toThrow(
      /PORT[\s\S]*API_URL[\s\S]*SUPPORT_EMAIL/,
    );
  });
  test("only the whitelist reaches the browser; Stripe key only when both keys are set", () => {
    const env = parseEnv({ SMTP_URL: "smtp://u:secret@mail.example:587", STRIPE_WEBHOOK_SECRET: "whsec_secret" });
    const pub = publicConfig(env);
    expect(JSON.stringify(pub)).not.toContain("secret");
    expect(pub.stripePublishableKey).toBeNull();
    expect(
      publicConfig(parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_SECRET_KEY: "sk_test_y" }))
        .stripePublishableKey,
    ).toBe("pk_test_x");
  });
  test("TRUST_PROXY takes addresses, ranges and proxy-addr names; anything else is refused", () => {
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(() => parseEnv({ TRUST_PROXY: "1" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
  test("half a Stripe configuration is refused (it would silently take test-card payments)", () => {
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_live_x" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: set both/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_live_x", PORT: "eighty" })).toThrow(/PORT[\s\S]*set both/);
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: "", STRIPE_SECRET_KEY: "" })).not.toThrow();
  });
  test("SMTP_ALLOW_PLAINTEXT is off unless set to true", () => {
    expect(parseEnv({}).SMTP_ALLOW_PLAINTEXT).toBe(false);
    expect(parseEnv({ SMTP_ALLOW_PLAINTEXT: "true" }).SMTP_ALLOW_PLAINTEXT).toBe(true);
    expect(() => parseEnv({ SMTP_ALLOW_PLAINTEXT: "yes" })).toThrow(/SMTP_ALLOW_PLAINTEXT/);
  });
  test("DEMO_DATA is on unless set to false", () => {
    expect(parseEnv({}).DEMO_DATA).toBe(true);
    expect(parseEnv({ DEMO_DATA: "false" }).DEMO_DATA).toBe(false);
    expect(parseEnv({ DEMO_DATA: "TRUE" }).DEMO_DATA).toBe(true);
    expect(() => parseEnv({ DEMO_DATA: "no" })).toThrow(/DEMO_DATA/);
  });
});

describe("a public deployment refuses what only makes sense in the demo (architecture §6)", () => {
  const live = {
    PUBLIC_URL: "https://www.example.ae",
    STRIPE_PUBLISHABLE_KEY: "pk_live_abc",
    STRIPE_SECRET_KEY: "sk_live_def",
    SMTP_URL: "smtps://mailer:secret@smtp.example.ae:465",
    SECRET_KEY: "5f0c1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f",
    DEMO_DATA: "false",
  };

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
      expect.stringMatching(
        /^ {2}STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: payments would go to the offline sandbox.*ALLOW_TEST_PAYMENTS=true/,
      ),
      expect.stringMatching(/^ {2}SMTP_URL: mail .* only be written to files/),
      expect.stringMatching(/^ {2}SECRET_KEY: not set; set a random secret of at least 32 characters/),
      expect.stringMatching(/^ {2}DEMO_DATA: not set; set DEMO_DATA=false/),
    ]);
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

  test("a web-only instance (API_URL elsewhere) sends no mail and keeps no codes, so needs no SMTP or SECRET_KEY", () => {
    expect(() =>
      parseEnv({ ...live, SMTP_URL: "", SECRET_KEY: "", API_URL: "https://api.example.ae/api/v1" }),
    ).not.toThrow();
  });

  test("the API refuses to start without SECRET_KEY; a short one is refused anywhere", () => {
    expect(() => parseEnv({ ...live, SECRET_KEY: "" })).toThrow(/SECRET_KEY: not set/);
    expect(() => parseEnv({ SECRET_KEY: "too-short" })).toThrow(/SECRET_KEY: at least 32 characters/);
    expect(parseEnv({}).SECRET_KEY).toBeUndefined();
  });
});

test(".env is loaded when present, and the environment wins over the file", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-env-"));
  const keys = ["KHAYL_TEST_FROM_FILE", "KHAYL_TEST_FROM_BOTH"];
  try {
    expect(loadEnvFile(dir)).toBeNull();
    writeFileSync(path.join(dir, ".env"), "KHAYL_TEST_FROM_FILE=file\nKHAYL_TEST_FROM_BOTH=file\n");
    process.env.KHAYL_TEST_FROM_BOTH = "environment";
    expect(loadEnvFile(dir)).toBe(path.join(dir, ".env"));
    expect(process.env.KHAYL_TEST_FROM_FILE).toBe("file");
    expect(process.env.KHAYL_TEST_FROM_BOTH).toBe("environment");
  } finally {
    for (const key of keys) delete process.env[key];
    rmSync(dir, { recursive: true, force: true });
  }
});

test(".env.example documents every variable of the schema, and nothing else", () => {
  const example = readFileSync(path.resolve(import.meta.dirname, "../../../.env.example"), "utf8");
  const documented = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  // NODE_ENV is set by `npm start` and the test runners, not by an operator.
  expect(documented.sort()).toEqual(
    Object.keys(envSchema.shape)
      .filter((k) => k !== "NODE_ENV")
      .sort(),
  );
});
