/** English strings of the invoice pages (part of the catalogue in ../en.ts). */
export const invoice = {
  placeholder: "",
};
