/** English strings of /QR (product §2). */
export const qr = {
  /** /QR (issue 3, product §2). */
  qr: {
    title: (product: string) => `Join ${product} Now!`,
    body: "Book transport and flights for your horses, track every trip and pay in one app.",
    scan: "Scan with your phone camera to get the app",
    qrLabel: (url: string) => `QR code linking to ${url}`,
  },
};
