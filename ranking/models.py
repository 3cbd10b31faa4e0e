"""The German ranking (SPEC §9) comes in a later issue; the app gives its URLs a home."""
