import QRCode from "qrcode";
import { describe, expect, test } from "vitest";
import { qrCodeSvg } from "./qr.server.ts";

describe("qrCodeSvg", () => {
  test("draws the QR matrix of the given link as a square SVG with a quiet zone", async () => {
    const url = "https://khayl.example/links";
    const svg = await qrCodeSvg(url);
    const size = QRCode.create(url, { errorCorrectionLevel: "M" }).modules.size;
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain(`viewBox="0 0 ${size + 2} ${size + 2}"`);
    expect(svg).toContain('stroke="#111827"');
  });

  test("different links give different codes", async () => {
    expect(await qrCodeSvg("https://khayl.example/links")).not.toBe(await qrCodeSvg("https://khayl.example/QR"));
  });

  test("refuses an empty text", async () => {
    await expect(qrCodeSvg("")).rejects.toThrow();
  });
});
