// @vitest-environment happy-dom

import type { InvoiceData } from "@khayl/contract/invoices";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import {
  createBrowserRouter,
  createRoutesStub,
  Link,
  Outlet,
  RouterProvider,
  useLoaderData,
  useParams,
} from "react-router";
import { afterEach, expect, test, vi } from "vitest";
import { testInvoice } from "../components/invoice/testing.ts";
import { TestI18n } from "../lib/i18n/testing.tsx";
import { messages as arabic } from "../locales/ar/invoice.po";
import InvoicePage, { shouldRevalidate } from "./invoice.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

/** The site's root route (its loader answers what the invoice page reads of it) around `page`. */
function rootWith<Page>(page: Page) {
  return {
    id: "root",
    path: "/",
    loader: () => ({ config: { stripePublishableKey: null } }),
    HydrateFallback: NoFallback,
    Component: Layout,
    children: [page],
  };
}

function stub(loader: (hash: string) => Promise<unknown>) {
  return createRoutesStub([
    rootWith({
      path: "invoice/:hash",
      // The page's own loader runs on the server; here the route answers its data directly.
      loader: ({ params }: { params: { hash?: string } }) => loader(params.hash ?? ""),
      shouldRevalidate,
      Component: InvoicePage as unknown as React.ComponentType,
    }),
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

test("the steps are 'Step 1 of 4' and a list, the current one marked, and no navigation landmark", async () => {
  const Stub = stub(async (hash) => ({ invoice: invoice(hash), dueDateText: "01 Dec 2026", error: null }));
  render(<Stub initialEntries={[`/invoice/${hashA}`]} />);
  expect(await screen.findByText("Step 1 of 4")).toBeTruthy();
  const current = screen.getAllByRole("listitem").find((item) => item.getAttribute("aria-current") === "step");
  expect(current?.textContent).toBe("Summary");
  // A landmark screen readers list among the page's ways around, which held no link.
  expect(screen.queryByRole("navigation")).toBeNull();
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
  // A revalidation asks at the same address: the payment step found the invoice paid meanwhile.
  expect(shouldRevalidate(args(`/invoice/${hashA}?step=3&method=card`, `/invoice/${hashA}?step=3&method=card`))).toBe(
    true,
  );
});

test("an amount changed since the page loaded: the invoice reloads with the new amount and the page says so", async () => {
  // The invoice's total was raised while step 3 was open: the loader now answers the new total.
  const raised = { totalFils: 52_600, total: 526, feeFils: 889, fee: 8.89, grossFils: 53_489, gross: 534.89 };
  let loads = 0;
  const Stub = stub(async () => ({
    invoice: invoice("INV-A", loads++ === 0 ? {} : raised),
    dueDateText: "01 Dec 2026",
    error: null,
  }));
  // The network: the server makes its payment for the new gross.
  const sent: unknown[] = [];
  vi.stubGlobal("fetch", async (_input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return Response.json({
      ok: true,
      payment: { paymentIntentId: "pi_1", clientSecret: "pi_1_secret", amountFils: raised.grossFils },
    });
  });
  render(<Stub initialEntries={[`/invoice/${hashA}?step=3&method=card`]} />);
  const user = userEvent.setup();
  await user.type(await screen.findByRole("textbox", { name: "Card number" }), "4242424242424242");
  await user.type(screen.getByRole("textbox", { name: /^Expiry date/ }), "1230");
  await user.type(screen.getByRole("textbox", { name: /^Security code/ }), "123");
  await user.selectOptions(screen.getByRole("combobox", { name: "Billing country" }), "UAE");
  expect(document.body.textContent).toContain("AED 402.94");
  await user.click(screen.getByRole("button", { name: "Pay" }));
  await vi.waitFor(() => expect(document.body.textContent).toContain("AED 534.89"));
  // Nothing was charged, and the reloaded step says why its amount is new.
  expect(sent).toEqual([{ intent: "create", paymentMethod: "card" }]);
  expect(screen.getByRole("alert").textContent).toBe(
    "The amount of this invoice has changed. Please check the new amount and pay again.",
  );
  expect(document.body.textContent).not.toContain("AED 402.94");
});

/** The page as the framework renders it, with its params and loader data as props. */
function RoutedInvoicePage() {
  const props = { params: useParams(), loaderData: useLoaderData() };
  return <InvoicePage {...(props as unknown as React.ComponentProps<typeof InvoicePage>)} />;
}

test("the method chosen on step 1 stays chosen when Back returns from step 2, and on reload", async () => {
  // The browser's own history (not a memory router): Back and reload read the address.
  window.history.replaceState(null, "", `/invoice/${hashA}`);
  const routes = [
    rootWith({
      path: "invoice/:hash",
      loader: () => ({ invoice: invoice("INV-A"), dueDateText: "01 Dec 2026", error: null }),
      shouldRevalidate,
      Component: RoutedInvoicePage,
    }),
  ];
  const routers = [createBrowserRouter(routes)];
  try {
    const page = render(<RouterProvider router={routers[0]!} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("radio", { name: "Apple Pay" }));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByRole("heading", { name: "Payment details" })).toBeTruthy();
    expect(window.location.search).toBe("?step=2&method=apple-pay");

    window.history.back();
    const applePay = await screen.findByRole("radio", { name: "Apple Pay" });
    expect((applePay as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Credit or Debit Card" }) as HTMLInputElement).checked).toBe(false);
    expect(window.location.search).toBe("?method=apple-pay");

    // A reload: the page again, from this entry's address.
    page.unmount();
    routers.push(createBrowserRouter(routes));
    render(<RouterProvider router={routers[1]!} />);
    expect(((await screen.findByRole("radio", { name: "Apple Pay" })) as HTMLInputElement).checked).toBe(true);
  } finally {
    for (const router of routers) router.dispose();
    window.history.replaceState(null, "", "/");
  }
});

/**
 * The browser's edges the Download button reaches (the network, `window.open` and the click
 * of a saving link), each recorded: `answer` is what the PDF route answers, `popUp` whether
 * the browser lets a new tab open.
 */
function browserEdges(answer: () => Response, popUp = true) {
  const asked: string[] = [];
  const opened: string[][] = [];
  const saved: { href: string; download: string | null }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return answer();
  });
  vi.spyOn(window, "open").mockImplementation((url?: string | URL, target?: string) => {
    opened.push([String(url), target ?? ""]);
    return popUp ? ({} as Window) : null;
  });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute("href") ?? "", download: this.getAttribute("download") });
  });
  return { asked, opened, saved };
}

const pdfAnswer = () => new Response("%PDF-1.7", { headers: { "content-type": "application/pdf" } });

test("Download opens the PDF's own address in a new tab, or saves it when pop-ups are blocked", async () => {
  const Stub = stub(async () => ({ invoice: invoice("INV-A"), dueDateText: "01 Dec 2026", error: null }));
  render(<Stub initialEntries={[`/invoice/${hashA}`]} />);
  const download = await screen.findByRole("link", { name: /^Download invoice INV-A/ });
  const pdf = `/invoice/${hashA}/pdf`;

  // The new tab is given the route itself (not an object URL that dies with this page): it
  // reloads, restores and can be kept.
  const edges = browserEdges(pdfAnswer);
  await userEvent.setup().click(download);
  await vi.waitFor(() => expect(edges.opened).toEqual([[pdf, "_blank"]]));
  expect(edges.asked).toEqual([pdf]);
  expect(edges.saved).toEqual([]);
  expect(screen.queryByRole("alert")).toBeNull();

  // A blocked pop-up: the same address is saved, under the server's file name.
  vi.restoreAllMocks();
  const blocked = browserEdges(pdfAnswer, false);
  await userEvent.setup().click(download);
  await vi.waitFor(() => expect(blocked.saved).toEqual([{ href: pdf, download: "" }]));
});

test("a PDF the server refuses shows its message (or 'Failed to download PDF') and opens nothing", async () => {
  const Stub = stub(async () => ({ invoice: invoice("INV-A"), dueDateText: "01 Dec 2026", error: null }));
  render(<Stub initialEntries={[`/invoice/${hashA}`]} />);
  const download = await screen.findByRole("link", { name: /^Download invoice INV-A/ });
  const edges = browserEdges(() =>
    Response.json({ success: false, statusCode: 404, message: "Invoice not found" }, { status: 404 }),
  );
  await userEvent.setup().click(download);
  expect((await screen.findByRole("alert")).textContent).toBe("Invoice not found");
  vi.restoreAllMocks();
  const failing = browserEdges(() => new Response("Bad gateway", { status: 502 }));
  await userEvent.setup().click(download);
  await vi.waitFor(() => expect(screen.getByRole("alert").textContent).toBe("Failed to download PDF"));
  expect([...edges.opened, ...edges.saved, ...failing.opened, ...failing.saved]).toEqual([]);
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
  const download = screen.getByRole("link", { name: /^تنزيل الفاتورة/ });
  expect(download.getAttribute("href")).toBe(`/ar/invoice/${hashA}/pdf`);
  // The new tab opens the Arabic route: the PDF, and any refusal, in the page's language.
  const edges = browserEdges(pdfAnswer);
  await userEvent.setup().click(download);
  await vi.waitFor(() => expect(edges.opened).toEqual([[`/ar/invoice/${hashA}/pdf`, "_blank"]]));
});

test("in Arabic, the error view: 'خطأ', the message and a way home that stays in Arabic", async () => {
  const Stub = arabicStub(async () => ({ invoice: null, error: null }));
  render(<Stub initialEntries={[`/ar/invoice/${hashA}`]} />);
  expect(await screen.findByRole("heading", { name: "خطأ" })).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("تعذّر تحميل الفاتورة");
  expect(screen.getByRole("link", { name: "العودة إلى الرئيسية" }).getAttribute("href")).toBe("/ar");
});
