/** Get in touch — placeholder until issue 4 builds it. */
export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Get in touch</h1>
    </div>
  );
}
