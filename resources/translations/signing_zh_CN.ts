<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>PlanPrinter</name>
    <message>
      <source>Print Plan</source>
      <translation>打印方案</translation>
    </message>
    <message>
      <source>Preparing the plan for printing…</source>
      <translation>正在准备打印方案…</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>Print Preview</source>
      <translation>打印预览</translation>
    </message>
    <message>
      <source>Could not print the plan:

%1</source>
      <translation>无法打印方案：

%1</translation>
    </message>
  </context>
  <context>
    <name>SignPlanDialog</name>
    <message>
      <source>Sign Plan</source>
      <translation>签署方案</translation>
    </message>
    <message>
      <source>Your decision is recorded in your role's sign-off row, with the name your certificate gives and today's date; the plan is rendered with it and signed with the key in the certificate file. Once every role has approved, the plan is no longer a draft.</source>
      <translation>您的审批意见将连同证书上的姓名和今天的日期记入您所担任角色的签批行；方案据此重新生成，并用证书文件中的私钥签名。所有角色都批准后，方案不再是草稿。</translation>
    </message>
    <message>
      <source>&amp;Browse…</source>
      <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
      <source>from the certificate</source>
      <translation>取自证书</translation>
    </message>
    <message>
      <source>Br&amp;owse…</source>
      <translation>浏览(&amp;O)…</translation>
    </message>
    <message>
      <source>&amp;Certificate (PKCS#12):</source>
      <translation>证书文件（PKCS#12）(&amp;C)：</translation>
    </message>
    <message>
      <source>&amp;Password:</source>
      <translation>密码(&amp;P)：</translation>
    </message>
    <message>
      <source>Signer's &amp;name:</source>
      <translation>签署人姓名(&amp;N)：</translation>
    </message>
    <message>
      <source>&amp;Role:</source>
      <translation>角色(&amp;R)：</translation>
    </message>
    <message>
      <source>Save signed plan &amp;as:</source>
      <translation>已签署方案保存为(&amp;A)：</translation>
    </message>
    <message>
      <source>&amp;Sign</source>
      <translation>签署(&amp;S)</translation>
    </message>
    <message>
      <source>&amp;Decision:</source>
      <translation>审批意见(&amp;D)：</translation>
    </message>
    <message>
      <source>Choose a Certificate</source>
      <translation>选择证书</translation>
    </message>
    <message>
      <source>PKCS#12 certificates (*.p12 *.pfx);;All files (*)</source>
      <translation>PKCS#12 证书 (*.p12 *.pfx);;所有文件 (*)</translation>
    </message>
    <message>
      <source>Save Signed Plan</source>
      <translation>保存已签署的方案</translation>
    </message>
    <message>
      <source>PDF (*.pdf)</source>
      <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
      <source>The plan was not signed:

%1</source>
      <translation>方案未签署：

%1</translation>
    </message>
    <message>
      <source>Record Signing</source>
      <translation>记录签署</translation>
    </message>
  </context>
  <context>
    <name>TrustedSignersBox</name>
    <message>
      <source>Trusted signers</source>
      <translation>受信任的签署人</translation>
    </message>
    <message>
      <source>File ▸ Verify Plan… trusts a signature only when its certificate, or the authority that issued it, is in this list.</source>
      <translation>“文件 ▸ 验证方案…”只在签名证书或其颁发机构列在此处时，才视该签名为可信。</translation>
    </message>
    <message>
      <source>A&amp;dd Certificate…</source>
      <translation>添加证书(&amp;D)…</translation>
    </message>
    <message>
      <source>Re&amp;move</source>
      <translation>移除(&amp;M)</translation>
    </message>
    <message>
      <source>Also trust the &amp;system's certificate authorities</source>
      <translation>同时信任操作系统的证书颁发机构(&amp;S)</translation>
    </message>
    <message>
      <source>They vouch for web servers: any certificate they issued for signing would then pass, whoever it names.</source>
      <translation>这些机构为网站服务器担保：勾选后，它们签发的任何可用于签名的证书都会通过验证，无论证书上写的是谁。</translation>
    </message>
    <message>
      <source>Cannot be read: %1</source>
      <translation>无法读取：%1</translation>
    </message>
    <message>
      <source>Valid: %1 to %2</source>
      <translation>有效期：%1 至 %2</translation>
    </message>
    <message>
      <source>(not valid now)</source>
      <translation>（当前已失效）</translation>
    </message>
    <message>
      <source>Issued by: %1</source>
      <translation>颁发者：%1</translation>
    </message>
    <message>
      <source>SHA-256: %1</source>
      <translation>SHA-256 指纹：%1</translation>
    </message>
    <message>
      <source>Add Trusted Signer</source>
      <translation>添加受信任的签署人</translation>
    </message>
    <message>
      <source>Certificates (*.pem *.crt *.cer *.der);;All files (*)</source>
      <translation>证书 (*.pem *.crt *.cer *.der);;所有文件 (*)</translation>
    </message>
    <message>
      <source>This file was not added:

%1</source>
      <translation>未添加此文件：

%1</translation>
    </message>
  </context>
  <context>
    <name>VerifyPlanDialog</name>
    <message>
      <source>Verify Plan</source>
      <translation>验证方案</translation>
    </message>
    <message>
      <source>Plan:</source>
      <translation>方案：</translation>
    </message>
    <message>
      <source>Result:</source>
      <translation>结论：</translation>
    </message>
    <message>
      <source>Signed by:</source>
      <translation>签署人：</translation>
    </message>
    <message>
      <source>Document changed since signing:</source>
      <translation>签署后文件是否被改动：</translation>
    </message>
    <message>
      <source>Matches the open project:</source>
      <translation>是否与当前项目一致：</translation>
    </message>
    <message>
      <source>Certificate trusted:</source>
      <translation>证书是否可信：</translation>
    </message>
    <message>
      <source>Details:</source>
      <translation>详细信息：</translation>
    </message>
    <message>
      <source>Cannot check this file: %1</source>
      <translation>无法检查此文件：%1</translation>
    </message>
    <message>
      <source>Not verified: a signer's certificate is expired, not yet valid or not meant for signing (see Signed by).</source>
      <translation>未通过验证：有签署人的证书已过期、尚未生效或不可用于签名（见“签署人”）。</translation>
    </message>
    <message>
      <source>Not verified: the document is not the plan as written and signed (see Details).</source>
      <translation>未通过验证：文件不是写出并签署时的方案（见“详细信息”）。</translation>
    </message>
    <message>
      <source>Not verified (see Details).</source>
      <translation>未通过验证（见“详细信息”）。</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>是</translation>
    </message>
    <message>
      <source>no</source>
      <translation>否</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>未知</translation>
    </message>
    <message>
      <source>Verified: signed by a trusted signer, unchanged, and made from this project.</source>
      <translation>验证通过：由受信任的签署人签署、未被改动，且由当前项目生成。</translation>
    </message>
    <message>
      <source>Intact but not trusted: unchanged and made from this project, but the signer is not in your trusted signers (Edit ▸ Preferences).</source>
      <translation>完好但不可信：未被改动且由当前项目生成，但签署人不在受信任的签署人列表中（编辑 ▸ 偏好设置）。</translation>
    </message>
    <message>
      <source>Not verified: the plan is not signed.</source>
      <translation>未通过验证：方案未签署。</translation>
    </message>
    <message>
      <source>Not verified: the plan was not made from the project as it is now.</source>
      <translation>未通过验证：方案不是由当前状态的项目生成的。</translation>
    </message>
    <message>
      <source>no — %1</source>
      <translation>否——%1</translation>
    </message>
    <message>
      <source>the plan is not signed</source>
      <translation>方案未签署</translation>
    </message>
    <message>
      <source>no trusted signers yet: add the signer's certificate in Edit ▸ Preferences</source>
      <translation>尚无受信任的签署人：请在“编辑 ▸ 偏好设置”中添加签署人的证书</translation>
    </message>
  </context>
</TS>
