import { describe, expect, test } from "vitest";
import { parseEnv, publicConfig } from "./env.ts";

describe("configuration (STYLE §4)", () => {
  test("defaults give a working demo", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
  });
  test("empty strings count as missing", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "", API_URL: "" })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined, API_URL: undefined });
  });
  test("every bad variable is listed at once", () => {
    expect(() => parseEnv({ PORT: "eighty", API_URL: "not a url", SUPPORT_EMAIL: "nope" })).toThrow(
      /PORT[\s\S]*API_URL[\s\S]*SUPPORT_EMAIL/,
    );
  });
  test("only the whitelist reaches the browser; Stripe key only when both keys are set", () => {
    const env = parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_test_x", SMTP_URL: "smtp://u:secret@mail.example:587" });
    const pub = publicConfig(env);
    expect(JSON.stringify(pub)).not.toContain("secret");
    expect(pub.stripePublishableKey).toBeNull();
    expect(publicConfig(parseEnv({ STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_SECRET_KEY: "sk_test_y" })).stripePublishableKey).toBe("pk_test_x");
  });
  test("TRUST_PROXY takes addresses, ranges and proxy-addr names; anything else is refused", () => {
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8,::1" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "::1"]);
    expect(parseEnv({}).TRUST_PROXY).toBeUndefined();
    expect(() => parseEnv({ TRUST_PROXY: "1" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});
