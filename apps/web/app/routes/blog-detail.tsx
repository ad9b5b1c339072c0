/** Blog — placeholder until issue 3 builds it. */
export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Blog</h1>
    </div>
  );
}
