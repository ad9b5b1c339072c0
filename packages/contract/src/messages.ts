/**
 * Messages of the catalogue (decision 027): every text the API answers with is a message
 * with an id, its English source text (ICU MessageFormat, the spec's words letter for
 * letter) and the values of its placeholders. The contract spells each message once, as a
 * Lingui message descriptor marked `/*i18n*\/` so that `lingui extract` (apps/api) puts it
 * in the server's catalogue; the API renders it in the language asked for. Zod-free and
 * Lingui-free, so the browser may import the English of a message without either.
 */

/**
 * A value of a message: text, a number, or a list of texts, which the message shows joined
 * by its language's list separator ("a, b" in English, "a، b" in Arabic).
 */
export type MessageValue = string | number | readonly string[];

/** A message of the catalogue: `id` (stable, dotted), `message` (English source), `values`. */
export interface Message {
  readonly id: string;
  readonly message: string;
  readonly values?: Readonly<Record<string, MessageValue>>;
}

/** The English list separator, between the texts of a list value. */
const ENGLISH_LIST_SEPARATOR = ", ";

/** Every message the contract defined, by its English text with values filled (`englishOf`). */
const byEnglish = new Map<string, Message>();

/**
 * Registers `messages` (descriptors without values) so that a text the contract hands to zod
 * can be found again by its English (`messageOfText`); answers them unchanged.
 */
export function defineMessages<T extends Record<string, Message>>(messages: T): T {
  for (const message of Object.values(messages)) byEnglish.set(message.message, message);
  return messages;
}

/**
 * The English of a message whose source has only plain `{name}` placeholders (no plural):
 * the source with its values filled in. Throws on a placeholder without a value.
 */
function englishOf(message: Message): string {
  return message.message.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = message.values?.[name];
    if (value === undefined) throw new Error(`message ${message.id}: no value for {${name}}`);
    return typeof value === "object" ? value.join(ENGLISH_LIST_SEPARATOR) : String(value);
  });
}

/**
 * A validation message with values, for a zod schema: answers its English (what zod
 * reports and the wire carries in English) and registers it so that the API can answer
 * the same message in another language (`messageOfText`).
 */
export function validationText(message: Message, values: Message["values"]): string {
  const withValues: Message = { ...message, values };
  const english = englishOf(withValues);
  byEnglish.set(english, withValues);
  return english;
}

/**
 * A message whose source is an ICU plural (which `englishOf` does not render), for a zod
 * schema: answers `english`, the contract's own English of it, and registers `message`
 * with its values under it, so that the API can answer it in another language.
 */
export function pluralText(english: string, message: Message): string {
  byEnglish.set(english, message);
  return english;
}

/** The message the contract defined whose English is `text` (a zod issue's), if any. */
export function messageOfText(text: string): Message | undefined {
  return byEnglish.get(text);
}

/** The English of each message of `messages`, by the same keys. */
export function englishTexts<K extends string>(messages: Record<K, Message>): Readonly<Record<K, string>> {
  return Object.fromEntries(Object.entries<Message>(messages).map(([key, m]) => [key, m.message])) as Record<K, string>;
}
