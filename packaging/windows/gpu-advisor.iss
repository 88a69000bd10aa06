; Inno Setup script of the GPU Advisor installer for Windows.
;
; Build on Windows after `python packaging\build.py` (which produces
; dist\gpu-advisor\ and build\icons\app.ico); build.py runs this itself when
; Inno Setup's iscc is on PATH:
;
;   iscc /DMyAppVersion=<gpu_advisor.__version__> packaging\windows\gpu-advisor.iss
;
; The default version below must equal gpu_advisor.__version__
; (tests/test_packaging.py checks it). Per-user install by default (no admin
; rights needed); the dialog offers an all-users install.

#ifndef MyAppVersion
  #define MyAppVersion "0.1.0"
#endif
#define MyAppName "GPU Advisor"
#define MyAppId "io.github.gpu_advisor.GpuAdvisor"
#define MyAppExeName "gpu-advisor.exe"
#define MyAppPublisher "GPU Advisor developers"
#define MyDocExt ".gpuplan"
#define MyDocMime "application/x-gpuplan"
#define MyDocProgId "GpuAdvisor.Plan"

[Setup]
; AppId must never change between versions: upgrades find the old install by it.
AppId={{6B1E9C8A-3F4D-4B6E-9A57-2C0D8E41F7A3}
AppName={#MyAppName}
AppVersion={#MyAppVersion}
AppVerName={#MyAppName} {#MyAppVersion}
AppPublisher={#MyAppPublisher}
VersionInfoVersion={#MyAppVersion}
DefaultDirName={autopf}\{#MyAppName}
DefaultGroupName={#MyAppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
ChangesAssociations=yes
OutputDir=..\..\dist
OutputBaseFilename=gpu-advisor-{#MyAppVersion}-setup
SetupIconFile=..\..\build\icons\app.ico
UninstallDisplayIcon={app}\{#MyAppExeName}
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"
Name: "chinesesimplified"; MessagesFile: "compiler:Languages\ChineseSimplified.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "..\..\dist\gpu-advisor\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\{#MyAppName}"; Filename: "{app}\{#MyAppExeName}"; AppUserModelID: "{#MyAppId}"
Name: "{autodesktop}\{#MyAppName}"; Filename: "{app}\{#MyAppExeName}"; Tasks: desktopicon

[Registry]
; .gpuplan -> GpuAdvisor.Plan -> "gpu-advisor.exe" "%1"  (HKA: per user or all users)
Root: HKA; Subkey: "Software\Classes\{#MyDocExt}"; ValueType: string; ValueName: ""; ValueData: "{#MyDocProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#MyDocExt}"; ValueType: string; ValueName: "Content Type"; ValueData: "{#MyDocMime}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#MyDocExt}\OpenWithProgids"; ValueType: string; ValueName: "{#MyDocProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#MyDocProgId}"; ValueType: string; ValueName: ""; ValueData: "{#MyAppName} plan"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#MyDocProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#MyAppExeName},0"
Root: HKA; Subkey: "Software\Classes\{#MyDocProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#MyAppExeName}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#MyAppExeName}\SupportedTypes"; ValueType: string; ValueName: "{#MyDocExt}"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#MyAppExeName}"; Description: "{cm:LaunchProgram,{#MyAppName}}"; Flags: nowait postinstall skipifsilent
