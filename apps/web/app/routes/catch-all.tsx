import { redirect } from "react-router";

/** Any unknown path redirects to `/` (product §2). */
export function loader() {
  return redirect("/");
}

export function action() {
  return redirect("/");
}

export default function CatchAll() {
  return null;
}
