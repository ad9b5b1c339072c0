// @vitest-environment happy-dom
import { parseEnv, publicConfig } from "@khayl/config/env";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, expect, test } from "vitest";
import { Toaster } from "../components/ui/toaster.tsx";
import { TestI18n } from "../lib/i18n/testing.tsx";
import DeleteAccount from "./delete-account.tsx";

afterEach(cleanup);

function NoFallback() {
  return null;
}

function Layout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

test("the notifications' live region is in the page once the e-mail field is focused, before any toast", async () => {
  const Stub = createRoutesStub([
    {
      // The root loader's public config (the page's support links read it).
      id: "root",
      path: "/delete-account",
      loader: () => ({ config: publicConfig(parseEnv({})) }),
      HydrateFallback: NoFallback,
      Component: Layout,
      children: [{ index: true, Component: DeleteAccount as unknown as React.ComponentType }],
    },
  ]);
  render(
    <TestI18n language="en" messages={{}}>
      <Stub initialEntries={["/delete-account"]} />
    </TestI18n>,
  );
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText("Email"));
  // A refusal's toast (a closed form, the server out of reach) is then added to a region a
  // screen reader already knows, and read out.
  const region = await screen.findByRole("region", { name: /Notifications/ });
  expect(region.getAttribute("aria-live")).toBe("polite");
  expect(region.textContent).toBe("");
});
