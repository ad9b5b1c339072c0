/** English strings of the account pages (part of the catalogue in ../en.ts). */
export const account = {
  placeholder: "",
};
