// Placeholder: the UI engineer replaces this component.
export default function App() {
  return (
    <main>
      <h1>Roundtrip — engine only</h1>
    </main>
  );
}
