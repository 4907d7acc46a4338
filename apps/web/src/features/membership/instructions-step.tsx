import { WIZARD_STEPS } from '@vault/contract/schemas/membership';

/** Step 1, Instructions: what the application is, what it asks for, and that it is signed. */
export function InstructionsStep() {
  return (
    <div className="space-y-4 text-sm leading-relaxed text-ink-muted sm:text-base">
      <p>
        The vault is run by a <strong>private member association</strong>. Before you can hold, fund or move tokens, you
        apply for membership by submitting your G.P.A. Level 3 data. The application has {WIZARD_STEPS.length} steps:
      </p>
      <ol className="list-decimal space-y-2 pl-6">
        <li>
          <strong>{WIZARD_STEPS[0]}</strong>: this page.
        </li>
        <li>
          <strong>{WIZARD_STEPS[1]}</strong>: your full name, primary e-mail address, phone number, physical and mailing
          address, and the effective date of your membership.
        </li>
        <li>
          <strong>{WIZARD_STEPS[2]}</strong>: your sponsoring assembly (choose SA-01 if you do not know it), who
          referred you, the referring organization&apos;s address and a beneficiary. Only the sponsoring assembly is
          required.
        </li>
        <li>
          <strong>{WIZARD_STEPS[3]}</strong>: read the membership agreement and sign it. A signature is required: draw
          it with a mouse, finger or pen, or type your name, and upload it before you press Done.
        </li>
      </ol>
      <p>
        Fields marked with <span className="font-semibold text-danger">*</span> are required. Each Next saves your
        answers, and Save &amp; Exit keeps them so you can continue later, on this or any other device.
      </p>
      <p>Your data is used only to run your membership and is never sold.</p>
    </div>
  );
}
