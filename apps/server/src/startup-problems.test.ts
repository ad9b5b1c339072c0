import net from "node:net";
import { expect, test } from "vitest";
import { checkListenable, listenProblem } from "./startup-problems.ts";

/**
 * A port already taken is reported as one line naming PORT, before the server opens and
 * migrates its database (`npm start`, `npm run dev`).
 */
test("a PORT in use is found by checkListenable and named with what to do; a free one passes", async () => {
  const taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  const PORT = (taken.address() as net.AddressInfo).port;
  const env = { HOST: "127.0.0.1", PORT };
  try {
    const error = await checkListenable(env).then(
      () => null,
      (e: unknown) => e,
    );
    expect(listenProblem(error, env)).toBe(
      `PORT ${PORT} is already in use on 127.0.0.1 by another process: stop it, or set PORT to a free port`,
    );
  } finally {
    await new Promise((resolve) => taken.close(resolve));
  }
  await expect(checkListenable(env)).resolves.toBe(PORT);
  const chosen = await checkListenable({ HOST: "127.0.0.1", PORT: 0 });
  expect(chosen).toBeGreaterThan(0);
  expect(listenProblem(new Error("something else"), env)).toBeNull();
});
