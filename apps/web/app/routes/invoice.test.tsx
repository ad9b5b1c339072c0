// @vitest-environment happy-dom

import type { InvoiceData } from "@khayl/contract/invoices";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Link, Outlet } from "react-router";
import { afterEach, expect, test } from "vitest";
import { testInvoice } from "../components/invoice/testing.ts";
import { TestI18n } from "../lib/i18n/testing.tsx";
import { messages as arabic } from "../locales/ar/invoice.po";
import InvoicePage, { shouldRevalidate } from "./invoice.tsx";

afterEach(cleanup);

const hashA = "A".repeat(43);
const hashB = "B".repeat(43);

function invoice(refNumber: string, overrides: Partial<InvoiceData> = {}): InvoiceData {
  return testInvoice({ refNumber, ...overrides });
}

function NoFallback() {
  return null;
}

function Layout() {
  return (
    <TestI18n>
      <Link to={`/invoice/${hashB}`}>Other invoice</Link>
      <Outlet />
    </TestI18n>
  );
}

function stub(loader: (hash: string) => Promise<unknown>) {
  return createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ config: { stripePublishableKey: null } }),
      HydrateFallback: NoFallback,
      Component: Layout,
      children: [
        {
          path: "invoice/:hash",
          // The page's own loader runs on the server; here the route answers its data directly.
          loader: ({ params }) => loader(params.hash ?? ""),
          shouldRevalidate,
          Component: InvoicePage as unknown as React.ComponentType,
        },
      ],
    },
  ]);
}

test("'Loading invoice...' shows while another invoice link loads", async () => {
  let release: () => void = () => {};
  const Stub = stub(async (hash) => {
    if (hash === hashB) await new Promise<void>((resolve) => (release = resolve));
    return { invoice: invoice(hash === hashA ? "INV-A" : "INV-B"), dueDateText: "01 Dec 2026", error: null };
  });
  render(<Stub initialEntries={[`/invoice/${hashA}`]} />);
  expect(await screen.findByRole("heading", { name: "Invoice INV-A" })).toBeTruthy();
  await userEvent.setup().click(screen.getByRole("link", { name: "Other invoice" }));
  expect((await screen.findByRole("status")).textContent).toBe("Loading invoice...");
  release();
  expect(await screen.findByRole("heading", { name: "Invoice INV-B" })).toBeTruthy();
});

test("without an invoice: 'Error', the message or 'Failed to fetch invoice', and 'Go Home'", async () => {
  const Stub = stub(async (hash) => ({ invoice: null, error: hash === hashA ? "Invoice not found" : null }));
  render(<Stub initialEntries={[`/invoice/${hashA}`]} />);
  expect(await screen.findByRole("heading", { name: "Error" })).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("Invoice not found");
  expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
  await userEvent.setup().click(screen.getByRole("link", { name: "Other invoice" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Failed to fetch invoice");
});

test("moving between steps does not fetch the invoice again; anything else does", () => {
  const args = (from: string, to: string, formMethod?: "GET" | "POST") =>
    ({
      currentUrl: new URL(from, "http://x"),
      nextUrl: new URL(to, "http://x"),
      formMethod,
      defaultShouldRevalidate: true,
    }) as Parameters<typeof shouldRevalidate>[0];
  expect(shouldRevalidate(args(`/invoice/${hashA}`, `/invoice/${hashA}?step=2&method=card`, "GET"))).toBe(false);
  expect(shouldRevalidate(args(`/invoice/${hashA}?step=2&method=card`, `/invoice/${hashA}?step=3&method=card`))).toBe(
    false,
  );
  expect(shouldRevalidate(args(`/invoice/${hashA}`, `/invoice/${hashB}`))).toBe(true);
  expect(shouldRevalidate(args(`/invoice/${hashA}`, `/invoice/${hashA}?other=1`))).toBe(true);
});

function ArabicLayout() {
  return (
    <TestI18n language="ar" messages={arabic}>
      <Outlet />
    </TestI18n>
  );
}

/** The page under /ar: the root's language is Arabic, and so are the messages. */
function arabicStub(loader: (hash: string) => Promise<unknown>) {
  return createRoutesStub([
    {
      id: "root",
      path: "/ar",
      loader: () => ({ language: "ar", config: { stripePublishableKey: null } }),
      HydrateFallback: NoFallback,
      Component: ArabicLayout,
      children: [
        {
          path: "invoice/:hash",
          loader: ({ params }) => loader(params.hash ?? ""),
          Component: InvoicePage as unknown as React.ComponentType,
        },
      ],
    },
  ]);
}

test("in Arabic: the reference and the name keep their direction in <bdi>, dates and links are Arabic", async () => {
  const Stub = arabicStub(async () => ({
    invoice: invoice("INV-2026-000102", { dueDate: "2026-01-05T08:00:00.000Z" }),
    // What the loader writes on the server for /ar (invoice.server.test.ts).
    dueDateText: "05 يناير 2026",
    error: null,
  }));
  render(<Stub initialEntries={[`/ar/invoice/${hashA}`]} />);
  const heading = await screen.findByRole("heading", { level: 1 });
  expect(heading.textContent).toBe("فاتورة رقم INV-2026-000102");
  expect(heading.querySelector("bdi")?.textContent).toBe("INV-2026-000102");
  expect(screen.getByText("صادرة باسم", { exact: false }).querySelector("bdi")?.textContent).toBe("Layla Haddad");
  expect(screen.getByText("05 يناير 2026")).toBeTruthy();
  expect(screen.getByRole("link", { name: /^تنزيل الفاتورة/ }).getAttribute("href")).toBe(`/ar/invoice/${hashA}/pdf`);
});

test("in Arabic, the error view: 'خطأ', the message and a way home that stays in Arabic", async () => {
  const Stub = arabicStub(async () => ({ invoice: null, error: null }));
  render(<Stub initialEntries={[`/ar/invoice/${hashA}`]} />);
  expect(await screen.findByRole("heading", { name: "خطأ" })).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("تعذّر تحميل الفاتورة");
  expect(screen.getByRole("link", { name: "العودة إلى الرئيسية" }).getAttribute("href")).toBe("/ar");
});
