import { describe, expect, test } from "vitest";
import { parseEnv, publicConfig } from "./env.ts";

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
  test("DEMO_DATA is on unless set to false", () => {
    expect(parseEnv({}).DEMO_DATA).toBe(true);
    expect(parseEnv({ DEMO_DATA: "false" }).DEMO_DATA).toBe(false);
    expect(parseEnv({ DEMO_DATA: "TRUE" }).DEMO_DATA).toBe(true);
    expect(() => parseEnv({ DEMO_DATA: "no" })).toThrow(/DEMO_DATA/);
  });
});
