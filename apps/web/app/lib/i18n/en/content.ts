/** English strings of the content pages (part of the catalogue in ../en.ts). */
export const content = {
  placeholder: "",
};
