/** Your Account has been deleted successfully!! — placeholder until issue 4 builds it. */
export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold">Your Account has been deleted successfully!!</h1>
    </div>
  );
}
