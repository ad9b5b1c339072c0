import "react";

/**
 * Invoker commands (HTML: `commandfor` + `command` on a button) open and close a
 * `<dialog>` without JavaScript. React 19 passes the attributes through; its types do
 * not list them yet.
 */
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close" | "toggle-popover" | "show-popover" | "hide-popover";
  }
}
