<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
  <context>
    <name>PageErrorPage</name>
    <message>
      <source>This step could not be built for this project.</source>
      <translation>This step could not be built for this project.</translation>
    </message>
  </context>
  <context>
    <name>PageErrorPanel</name>
    <message>
      <source>This step cannot be shown for this project. Go back and correct the value named below, or open another file.</source>
      <translation>This step cannot be shown for this project. Go back and correct the value named below, or open another file.</translation>
    </message>
    <message>
      <source>(no single field)</source>
      <translation>(no single field)</translation>
    </message>
    <message>
      <source>Field: %1
Problem: %2</source>
      <translation>Field: %1
Problem: %2</translation>
    </message>
  </context>
</TS>
