export interface ProcessData {
  title: string;
  subtitle: string;
  steps: { title: string; description: string; detail: string }[];
}

/** Spec §2 Home: the fixed three-step process (Inspiration, Creation, Refinement), always shown. */
export function ProcessSection({ title, subtitle, steps }: ProcessData) {
  return (
    <section className="bg-paper-deep">
      <div className="container-page py-20 md:py-28">
        <header className="max-w-2xl">
          <p className="eyebrow">From the studio</p>
          <h2 className="mt-3 text-3xl md:text-5xl">{title}</h2>
          {subtitle ? <p className="text-muted mt-4 text-lg leading-relaxed">{subtitle}</p> : null}
        </header>
        <ol className="mt-12 grid gap-12 md:mt-16 md:grid-cols-3 md:gap-10">
          {steps.map((step, i) => (
            <li key={i} className="border-ink/15 border-t pt-6">
              <p aria-hidden="true" className="text-accent font-serif text-5xl leading-none md:text-6xl">
                {String(i + 1).padStart(2, "0")}
              </p>
              <h3 className="mt-6 text-2xl">{step.title}</h3>
              {step.description ? <p className="text-ink-soft mt-3 leading-relaxed">{step.description}</p> : null}
              {step.detail ? <p className="text-muted mt-4 text-sm leading-relaxed">{step.detail}</p> : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
