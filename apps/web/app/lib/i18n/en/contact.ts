/** English strings of the contact pages (part of the catalogue in ../en.ts). */
export const contact = {
  placeholder: "",
};
