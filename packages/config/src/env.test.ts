import { createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadEnvFile, parseEnv, publicConfig } from "./env.ts";
import { envSchema } from "./env-schema.ts";
import { live, refusal } from "./testing.ts";

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
  test("the Arabic name and address are the demo's only beside the demo's English ones", () => {
    expect(parseEnv({})).toMatchObject({
      COMPANY_NAME_AR: "خيل للخدمات اللوجستية",
      COMPANY_ADDRESS_AR: "مستودع 7، منطقة الصجعة الصناعية، الشارقة، الإمارات العربية المتحدة",
    });
    // Another company that set only its English name and address: those, never the demo's Arabic.
    const english = { COMPANY_NAME: "Falcon Equine Transport LLC", COMPANY_ADDRESS: "Unit 4, Al Quoz 3, Dubai" };
    expect(parseEnv({ ...english, COMPANY_NAME_AR: "" })).toMatchObject({
      COMPANY_NAME_AR: "Falcon Equine Transport LLC",
      COMPANY_ADDRESS_AR: "Unit 4, Al Quoz 3, Dubai",
    });
    expect(publicConfig(parseEnv(english)).companyNameAr).toBe("Falcon Equine Transport LLC");
    // A copy of .env.example with only the English lines edited still holds the demo's Arabic.
    const copied = {
      ...english,
      COMPANY_NAME_AR: "خيل للخدمات اللوجستية",
      COMPANY_ADDRESS_AR: "مستودع 7، منطقة الصجعة الصناعية، الشارقة، الإمارات العربية المتحدة",
    };
    expect(parseEnv(copied)).toMatchObject({
      COMPANY_NAME_AR: "Falcon Equine Transport LLC",
      COMPANY_ADDRESS_AR: "Unit 4, Al Quoz 3, Dubai",
    });
    expect(parseEnv({ ...english, COMPANY_NAME_AR: "فالكون", COMPANY_ADDRESS_AR: "دبي" })).toMatchObject({
      COMPANY_NAME_AR: "فالكون",
      COMPANY_ADDRESS_AR: "دبي",
    });
  });
  test("every bad variable is listed at once", () => {
    expect(() => parseEnv({ PORT: "eighty", API_URL: "not a url", SUPPORT_EMAIL: "nope" })).toThrow(
      /PORT[\s\S]*API_URL[\s\S]*SUPPORT_EMAIL/,
    );
  });
  test("a PUBLIC_URL that is no URL at all is one line among the others, not a bare `Invalid URL`", () => {
    for (const url of ["www.example.ae", "notaurl", "https://"]) {
      const message = refusal({ PUBLIC_URL: url, PORT: "eighty" });
      expect(message.split("\n"), url).toEqual([
        "Invalid configuration:",
        expect.stringMatching(/^ {2}PORT: /),
        expect.stringMatching(/^ {2}PUBLIC_URL: an origin such as https:\/\/www\.example\.ae: http or https/),
      ]);
    }
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
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1", DEMO_ON_PUBLIC_ADDRESS: "true" }).TRUST_PROXY).toEqual([
      "loopback",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    for (const bad of ["1", "everyone", "10.0.0.0/33", "10.0.0/8", "::1/129", "10.0.0.0/8/1", "10.0.0.0/x", "true"])
      expect(() => parseEnv({ TRUST_PROXY: bad, DEMO_ON_PUBLIC_ADDRESS: "true" }), bad).toThrow(
        `  TRUST_PROXY: ${bad}: not an address, a CIDR range or loopback/linklocal/uniquelocal (comma-separated)`,
      );
  });
  test("a TRUST_PROXY range holding every address is refused everywhere, the demo included", () => {
    // ::ffff:0:0/96 holds every IPv4 address as Fastify's proxy-addr compares them.
    for (const everyone of ["0.0.0.0/0", "::/0", "::ffff:0.0.0.0/96", "0:0:0:0:0:ffff:0:0/96", "1.2.3.4/0"])
      for (const env of [
        { DEMO_ON_PUBLIC_ADDRESS: "true" },
        { ...live, ALLOW_TEST_PAYMENTS: "true" },
        { API_URL: "https://api.example.ae/api/v1", DEMO_ON_PUBLIC_ADDRESS: "true" },
      ])
        expect(() => parseEnv({ ...env, TRUST_PROXY: `loopback,${everyone}` }), everyone).toThrow(
          new RegExp(
            `^ {2}TRUST_PROXY: ${everyone.replace(/\./g, "\\.")} trusts every address: any client could forge`,
            "m",
          ),
        );
  });
  test("half a Stripe configuration is refused (it would silently take test-card payments)", () => {
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_live_x" })).toThrow(
      /STRIPE_PUBLISHABLE_KEY, STRIPE_SECRET_KEY: set both/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_live_x", PORT: "eighty" })).toThrow(/PORT[\s\S]*set both/);
    expect(() => parseEnv({ STRIPE_PUBLISHABLE_KEY: "", STRIPE_SECRET_KEY: "" })).not.toThrow();
  });
  test("DKIM: all three variables or none; a server refuses a key file that does not read", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "khayl-dkim-"));
    try {
      const pem = (key: KeyObject) => key.export({ type: "pkcs8", format: "pem" }) as string;
      const keyFile = path.join(dir, "dkim.pem");
      writeFileSync(keyFile, pem(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey));
      const dkim = { DKIM_DOMAIN: "Example.AE", DKIM_SELECTOR: "khayl2027", DKIM_PRIVATE_KEY_FILE: keyFile };
      expect(parseEnv(dkim)).toMatchObject({ DKIM_DOMAIN: "example.ae", DKIM_SELECTOR: "khayl2027" });
      expect(parseEnv({}).DKIM_DOMAIN).toBeUndefined();
      expect(parseEnv({ DKIM_DOMAIN: "", DKIM_SELECTOR: "", DKIM_PRIVATE_KEY_FILE: "" }).DKIM_DOMAIN).toBeUndefined();
      // Half a configuration would send every mail unsigned: refused, naming what is missing.
      expect(refusal({ DKIM_DOMAIN: "example.ae", DKIM_SELECTOR: "khayl2027" }).split("\n")).toEqual([
        "Invalid configuration:",
        "  DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE: set all three (mail signed with DKIM) or none (unsigned); " +
          "DKIM_PRIVATE_KEY_FILE missing",
      ]);
      expect(refusal({ DKIM_PRIVATE_KEY_FILE: keyFile })).toMatch(
        /set all three .*; DKIM_DOMAIN and DKIM_SELECTOR missing$/m,
      );
      // The database tools (no mail) say so too, without reading the key.
      expect(() => parseEnv({ DKIM_SELECTOR: "khayl2027" }, { server: false })).toThrow(/set all three/);
      expect(parseEnv({ ...dkim, DKIM_PRIVATE_KEY_FILE: path.join(dir, "none.pem") }, { server: false })).toBeTruthy();
      // A key that cannot sign is refused at start-up, not found out at the first mail.
      const ed25519 = path.join(dir, "ed25519.pem");
      writeFileSync(ed25519, pem(generateKeyPairSync("ed25519").privateKey));
      const short = path.join(dir, "short.pem");
      writeFileSync(short, pem(generateKeyPairSync("rsa", { modulusLength: 512 }).privateKey));
      const publicOnly = path.join(dir, "public.pem");
      writeFileSync(publicOnly, createPublicKey(readFileSync(keyFile)).export({ type: "spki", format: "pem" }));
      for (const [file, problem] of [
        [path.join(dir, "none.pem"), /cannot read \S*none\.pem \(ENOENT\)/],
        [publicOnly, /public\.pem holds no unencrypted PEM private key/],
        [ed25519, /holds an ed25519 key; DKIM here signs with RSA/],
        [short, /holds a 512-bit RSA key; DKIM needs at least 1024 bits/],
      ] as const) {
        const message = refusal({ ...dkim, DKIM_PRIVATE_KEY_FILE: file });
        expect(message, file).toMatch(new RegExp(`^ {2}DKIM_PRIVATE_KEY_FILE: .*${problem.source}`, "m"));
        expect(message).not.toContain("PRIVATE KEY-----");
      }
      for (const [name, value] of [
        ["DKIM_DOMAIN", "example"],
        ["DKIM_DOMAIN", "no-reply@example.ae"],
        ["DKIM_SELECTOR", "a;b"],
        ["DKIM_SELECTOR", "-key"],
      ] as const)
        expect(refusal({ ...dkim, [name]: value }), value).toMatch(new RegExp(`^ {2}${name}: `, "m"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  test("ALERTS_INTERVAL_SECONDS is at most a day, refused by name past it (a timer overflows at ~24.8 days)", () => {
    expect(parseEnv({ ALERTS_INTERVAL_SECONDS: "86400" }).ALERTS_INTERVAL_SECONDS).toBe(86_400);
    for (const bad of ["86401", "2147484", "0", "1.5"])
      expect(() => parseEnv({ ALERTS_INTERVAL_SECONDS: bad }), bad).toThrow(/^ {2}ALERTS_INTERVAL_SECONDS: /m);
    expect(() => parseEnv({ ALERTS_INTERVAL_SECONDS: "2147484" })).toThrow(/at most 86400 \(a day\)/);
  });

  test("URL variables take only their schemes, with a host; each refusal names the variable", () => {
    const refused: [string, string, RegExp][] = [
      ["SMTP_URL", "smtp://", /smtp or smtps, with a host/],
      ["SMTP_URL", "http://mail.example.ae", /smtp or smtps, with a host/],
      ["DATABASE_URL", "mysql://khayl@db.internal/khayl", /postgres or postgresql, with a host/],
      ["DATABASE_URL", "postgres://", /postgres or postgresql, with a host/],
      ["IOS_APP_URL", "javascript:alert(1)", /https, with a host/],
      ["ANDROID_APP_URL", "http://play.google.com/store/apps/details?id=ae.khayl.app", /https, with a host/],
      ["INSTAGRAM_URL", "data:text/html,hi", /https, with a host/],
      ["LINKEDIN_URL", "https://", /https, with a host/],
      ["API_URL", "ftp://api.example.ae/api/v1", /https or http, with a host/],
      ["STRIPE_API_URL", "file:///etc/passwd", /https or http, with a host/],
    ];
    for (const [name, value, why] of refused) {
      const lines = refusal({ [name]: value }).split("\n");
      expect(lines, `${name}=${value}`).toEqual([
        "Invalid configuration:",
        expect.stringMatching(new RegExp(`^ {2}${name}: a URL such as `)),
      ]);
      expect(lines[1], `${name}=${value}`).toMatch(why);
    }
    expect(
      parseEnv({
        SMTP_URL: "smtps://mailer:secret@smtp.example.ae:465",
        DATABASE_URL: "postgresql:///khayl?host=/var/run/postgresql",
        SECRET_KEY: "0123456789abcdef0123456789abcdef",
        IOS_APP_URL: "https://apps.apple.com/ae/app/x/id1",
        STRIPE_API_URL: "http://stripe-mock:12111",
      }),
    ).toMatchObject({
      SMTP_URL: "smtps://mailer:secret@smtp.example.ae:465",
      IOS_APP_URL: "https://apps.apple.com/ae/app/x/id1",
    });
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
  expect(documented.sort()).toEqual(Object.keys(envSchema.shape).sort());
});
