<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>PlanPrinter</name>
    <message>
      <source>Print Plan</source>
      <translation>Print Plan</translation>
    </message>
    <message>
      <source>Preparing the plan for printing…</source>
      <translation>Preparing the plan for printing…</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>Cancel</translation>
    </message>
    <message>
      <source>Print Preview</source>
      <translation>Print Preview</translation>
    </message>
    <message>
      <source>Could not print the plan:

%1</source>
      <translation>Could not print the plan:

%1</translation>
    </message>
  </context>
  <context>
    <name>SignPlanDialog</name>
    <message>
      <source>Sign Plan</source>
      <translation>Sign Plan</translation>
    </message>
    <message>
      <source>Your decision is recorded in your role's sign-off row, with the name your certificate gives and today's date; the plan is rendered with it and signed with the key in the certificate file. Once every role has approved, the plan is no longer a draft.</source>
      <translation>Your decision is recorded in your role's sign-off row, with the name your certificate gives and today's date; the plan is rendered with it and signed with the key in the certificate file. Once every role has approved, the plan is no longer a draft.</translation>
    </message>
    <message>
      <source>&amp;Browse…</source>
      <translation>&amp;Browse…</translation>
    </message>
    <message>
      <source>from the certificate</source>
      <translation>from the certificate</translation>
    </message>
    <message>
      <source>Br&amp;owse…</source>
      <translation>Br&amp;owse…</translation>
    </message>
    <message>
      <source>&amp;Certificate (PKCS#12):</source>
      <translation>&amp;Certificate (PKCS#12):</translation>
    </message>
    <message>
      <source>&amp;Password:</source>
      <translation>&amp;Password:</translation>
    </message>
    <message>
      <source>Signer's &amp;name:</source>
      <translation>Signer's &amp;name:</translation>
    </message>
    <message>
      <source>&amp;Role:</source>
      <translation>&amp;Role:</translation>
    </message>
    <message>
      <source>Save signed plan &amp;as:</source>
      <translation>Save signed plan &amp;as:</translation>
    </message>
    <message>
      <source>&amp;Sign</source>
      <translation>&amp;Sign</translation>
    </message>
    <message>
      <source>&amp;Decision:</source>
      <translation>&amp;Decision:</translation>
    </message>
    <message>
      <source>Choose a Certificate</source>
      <translation>Choose a Certificate</translation>
    </message>
    <message>
      <source>PKCS#12 certificates (*.p12 *.pfx);;All files (*)</source>
      <translation>PKCS#12 certificates (*.p12 *.pfx);;All files (*)</translation>
    </message>
    <message>
      <source>Save Signed Plan</source>
      <translation>Save Signed Plan</translation>
    </message>
    <message>
      <source>PDF (*.pdf)</source>
      <translation>PDF (*.pdf)</translation>
    </message>
    <message>
      <source>The plan was not signed:

%1</source>
      <translation>The plan was not signed:

%1</translation>
    </message>
    <message>
      <source>Record Signing</source>
      <translation>Record Signing</translation>
    </message>
  </context>
  <context>
    <name>TrustedSignersBox</name>
    <message>
      <source>Trusted signers</source>
      <translation>Trusted signers</translation>
    </message>
    <message>
      <source>File ▸ Verify Plan… trusts a signature only when its certificate, or the authority that issued it, is in this list.</source>
      <translation>File ▸ Verify Plan… trusts a signature only when its certificate, or the authority that issued it, is in this list.</translation>
    </message>
    <message>
      <source>A&amp;dd Certificate…</source>
      <translation>A&amp;dd Certificate…</translation>
    </message>
    <message>
      <source>Re&amp;move</source>
      <translation>Re&amp;move</translation>
    </message>
    <message>
      <source>Also trust the &amp;system's certificate authorities</source>
      <translation>Also trust the &amp;system's certificate authorities</translation>
    </message>
    <message>
      <source>They vouch for web servers: any certificate they issued for signing would then pass, whoever it names.</source>
      <translation>They vouch for web servers: any certificate they issued for signing would then pass, whoever it names.</translation>
    </message>
    <message>
      <source>Cannot be read: %1</source>
      <translation>Cannot be read: %1</translation>
    </message>
    <message>
      <source>Valid: %1 to %2</source>
      <translation>Valid: %1 to %2</translation>
    </message>
    <message>
      <source>(not valid now)</source>
      <translation>(not valid now)</translation>
    </message>
    <message>
      <source>Issued by: %1</source>
      <translation>Issued by: %1</translation>
    </message>
    <message>
      <source>SHA-256: %1</source>
      <translation>SHA-256: %1</translation>
    </message>
    <message>
      <source>Add Trusted Signer</source>
      <translation>Add Trusted Signer</translation>
    </message>
    <message>
      <source>Certificates (*.pem *.crt *.cer *.der);;All files (*)</source>
      <translation>Certificates (*.pem *.crt *.cer *.der);;All files (*)</translation>
    </message>
    <message>
      <source>This file was not added:

%1</source>
      <translation>This file was not added:

%1</translation>
    </message>
  </context>
  <context>
    <name>VerifyPlanDialog</name>
    <message>
      <source>Verify Plan</source>
      <translation>Verify Plan</translation>
    </message>
    <message>
      <source>Plan:</source>
      <translation>Plan:</translation>
    </message>
    <message>
      <source>Result:</source>
      <translation>Result:</translation>
    </message>
    <message>
      <source>Signed by:</source>
      <translation>Signed by:</translation>
    </message>
    <message>
      <source>Document changed since signing:</source>
      <translation>Document changed since signing:</translation>
    </message>
    <message>
      <source>Matches the open project:</source>
      <translation>Matches the open project:</translation>
    </message>
    <message>
      <source>Certificate trusted:</source>
      <translation>Certificate trusted:</translation>
    </message>
    <message>
      <source>Details:</source>
      <translation>Details:</translation>
    </message>
    <message>
      <source>Cannot check this file: %1</source>
      <translation>Cannot check this file: %1</translation>
    </message>
    <message>
      <source>Not verified: a signer's certificate is expired, not yet valid or not meant for signing (see Signed by).</source>
      <translation>Not verified: a signer's certificate is expired, not yet valid or not meant for signing (see Signed by).</translation>
    </message>
    <message>
      <source>Not verified: the document is not the plan as written and signed (see Details).</source>
      <translation>Not verified: the document is not the plan as written and signed (see Details).</translation>
    </message>
    <message>
      <source>Not verified (see Details).</source>
      <translation>Not verified (see Details).</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>yes</translation>
    </message>
    <message>
      <source>no</source>
      <translation>no</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>unknown</translation>
    </message>
    <message>
      <source>Verified: signed by a trusted signer, unchanged, and made from this project.</source>
      <translation>Verified: signed by a trusted signer, unchanged, and made from this project.</translation>
    </message>
    <message>
      <source>Intact but not trusted: unchanged and made from this project, but the signer is not in your trusted signers (Edit ▸ Preferences).</source>
      <translation>Intact but not trusted: unchanged and made from this project, but the signer is not in your trusted signers (Edit ▸ Preferences).</translation>
    </message>
    <message>
      <source>Not verified: the plan is not signed.</source>
      <translation>Not verified: the plan is not signed.</translation>
    </message>
    <message>
      <source>Not verified: the plan was not made from the project as it is now.</source>
      <translation>Not verified: the plan was not made from the project as it is now.</translation>
    </message>
    <message>
      <source>no — %1</source>
      <translation>no — %1</translation>
    </message>
    <message>
      <source>the plan is not signed</source>
      <translation>the plan is not signed</translation>
    </message>
    <message>
      <source>no trusted signers yet: add the signer's certificate in Edit ▸ Preferences</source>
      <translation>no trusted signers yet: add the signer's certificate in Edit ▸ Preferences</translation>
    </message>
  </context>
</TS>
