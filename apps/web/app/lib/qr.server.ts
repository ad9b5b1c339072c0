import QRCode from "qrcode";

/**
 * The SVG markup (a string, `<svg viewBox="0 0 N N">…</svg>`) of a QR code for
 * `text`, drawn in ink on white with a one-module quiet zone and error correction
 * level M (survives ~15 % damage, e.g. a logo or glare). Generated on the server so
 * the page ships no QR code JavaScript. Throws if `text` is empty or too long for a
 * QR code.
 */
export async function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
    color: { dark: "#111827", light: "#ffffff" },
  });
}
