import { execFile, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/**
 * The W3C Nu HTML Checker (npm `vnu-jar`: the checker's `vnu.jar`, nothing else) run on the
 * machine's own Java. Only the jar is used: the package's own launcher would download a Java
 * runtime when none is installed, which nothing here may do (its install script is denied in
 * package.json's `allowScripts` for the same reason).
 */

/** The path of `vnu.jar` inside the installed package. */
const vnuJar = fileURLToPath(import.meta.resolve("vnu-jar/build/dist/vnu.jar"));

/** The major version of `java` on the PATH, or null when there is none (or it does not start). */
export function javaMajorVersion(): number | null {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  // Java 8 and older say "1.8": the major version is the second number.
  return match[1] === "1" ? Number(match[2]) : Number(match[1]);
}

/** The Java the checker needs (vnu.jar is built for Java 17, the version Debian 12's default JRE has). */
export const REQUIRED_JAVA = 17;

/** One message of the checker (its JSON format), with the file name it was about. */
export interface CheckerMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Checks the HTML files with `java -jar vnu.jar --format json` in one run, and answers
 * every message it reports (errors and warnings; info messages are left out). Throws when
 * the checker does not answer JSON (it could not start).
 */
export function checkHtmlFiles(files: readonly string[]): Promise<CheckerMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", vnuJar, "--format", "json", "--skip-info-messages", "--exit-zero-always", "--no-langdetect", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        try {
          // The checker writes its JSON report to stderr.
          const report = JSON.parse(stderr || stdout) as { messages: CheckerMessage[] };
          resolve(report.messages);
        } catch {
          reject(error ?? new Error(`The Nu HTML Checker gave no JSON report: ${stderr || stdout}`));
        }
      },
    );
  });
}
