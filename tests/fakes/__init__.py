"""Local fakes of the platform APIs (HTTP servers on 127.0.0.1), so adapter tests never touch the internet."""
