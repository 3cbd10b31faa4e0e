"""The German ranking (SPEC §9) is built in a later issue; the app exists so its URLs have a home."""
