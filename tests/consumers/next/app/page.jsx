// A server component: the page is rendered on the server (prerendered at build time) with the client component's
// tags in it.
import Lesson from "./lesson";

export default function Page() {
  return (
    <main>
      <h1>Lesson 1</h1>
      <Lesson />
    </main>
  );
}
