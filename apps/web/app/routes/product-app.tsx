import { redirect } from "react-router";
import type { Route } from "./+types/product-app";

/**
 * `/{product}-App` (DESIGN §3.13): the landing variant of SPEC §1. Any other
 * single-segment path is unknown and redirects to `/` (SPEC §2). Placeholder until issue 3.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  if (params.productApp.toLowerCase() !== `${context.config.productName}-App`.toLowerCase()) throw redirect("/");
  return { productName: context.config.productName };
}

export default function ProductApp({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">{loaderData.productName} App</h1>
    </div>
  );
}
