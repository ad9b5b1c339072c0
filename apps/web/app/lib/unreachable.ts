import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Whether a route reloads its data after a navigation or post (React Router's
 * `shouldRevalidate`): as React Router decides, except after a post the browser could not
 * send (a form page's `clientAction` answered `unreachable`: nothing reached the server, so
 * nothing changed there, and a reload would fail the same way and replace the page with the
 * error screen). Exported as `shouldRevalidate` by the root and the forms that answer so.
 */
export function unlessUnreachable({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const unreachable = (actionResult as { unreachable?: unknown } | undefined)?.unreachable === true;
  return unreachable ? false : defaultShouldRevalidate;
}
