// @vitest-environment happy-dom
import { parseEnv, publicConfig } from "@khayl/config/env";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, redirect } from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { Toaster } from "../components/ui/toaster.tsx";
import { TestI18n } from "../lib/i18n/testing.tsx";
import DeleteAccount, { clientAction } from "./delete-account.tsx";

afterEach(cleanup);

function NoFallback() {
  return null;
}

function Success() {
  return <h1>Deleted</h1>;
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

/** The page as the app runs it: its `clientAction` around a server action the test plays. */
function renderPage(serverAction: (form: FormData) => unknown = () => null) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/delete-account",
      loader: () => ({ config: publicConfig(parseEnv({})) }),
      HydrateFallback: NoFallback,
      Component: Layout,
      children: [
        {
          index: true,
          Component: DeleteAccount as unknown as React.ComponentType,
          action: ({ request }: { request: Request }) =>
            clientAction({
              request,
              serverAction: async () => serverAction(await request.clone().formData()),
            } as unknown as Parameters<typeof clientAction>[0]),
        },
      ],
    },
    { path: "/success", Component: Success },
  ]);
  render(
    <TestI18n language="en" messages={{}}>
      <Stub initialEntries={["/delete-account"]} />
    </TestI18n>,
  );
}

/** The server's answers: the code is asked (`ask`), the account deleted (`confirm`). */
function server(form: FormData) {
  if (form.get("intent") === "confirm") throw redirect("/success");
  return { step: "code", email: String(form.get("email")), at: Date.now() };
}

const openDialog = () => document.querySelector("dialog[open]");

/** E-mail, Submit, Confirm: the code dialog opens. */
async function askCode(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Email"), "owner@example.com");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  await user.click(await screen.findByRole("button", { name: "Confirm" }));
  await waitFor(() => expect(openDialog()?.textContent).toContain("Enter Verification Code"));
}

/** A reload: the page mounts again in the same tab. */
async function reload() {
  cleanup();
  renderPage(server);
  await screen.findByLabelText("Email");
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

test("a reload at the code step opens the code dialog again for the same address, until the code expires", async () => {
  renderPage(server);
  const user = userEvent.setup({ delay: null });
  await askCode(user);

  await reload();
  await waitFor(() => expect(openDialog()?.textContent).toContain("We sent a 4-digit code to owner@example.com"));
  expect(screen.getByLabelText<HTMLInputElement>("Email").value).toBe("owner@example.com");

  // Ten minutes later the code has expired: the page starts at the e-mail, and forgets the step.
  const later = Date.now() + 10 * 60_000;
  vi.spyOn(Date, "now").mockReturnValue(later);
  await reload();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(openDialog()).toBeNull();
  expect(sessionStorage.length).toBe(0);
});

test("a closed code dialog or a deleted account leaves no code step for a reload", async () => {
  renderPage(server);
  const user = userEvent.setup({ delay: null });
  await askCode(user);
  await user.click(within(openDialog() as HTMLElement).getByRole("button", { name: "Close" }));
  await reload();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(openDialog()).toBeNull();

  await askCode(user);
  for (const n of [1, 2, 3, 4]) await user.type(screen.getByLabelText(`Digit ${n} of 4`), String(n));
  await user.click(screen.getByRole("button", { name: "Verify" }));
  await screen.findByRole("heading", { name: "Deleted" });
  await reload();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(openDialog()).toBeNull();
});
