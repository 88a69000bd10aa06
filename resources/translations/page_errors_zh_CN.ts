<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
  <context>
    <name>PageErrorPage</name>
    <message>
      <source>This step could not be built for this project.</source>
      <translation>无法为此项目显示此步骤。</translation>
    </message>
  </context>
  <context>
    <name>PageErrorPanel</name>
    <message>
      <source>This step cannot be shown for this project. Go back and correct the value named below, or open another file.</source>
      <translation>此项目无法显示此步骤。请返回修改下面指出的字段，或打开其他文件。</translation>
    </message>
    <message>
      <source>(no single field)</source>
      <translation>（不涉及单一字段）</translation>
    </message>
    <message>
      <source>Field: %1
Problem: %2</source>
      <translation>字段：%1
问题：%2</translation>
    </message>
  </context>
</TS>
