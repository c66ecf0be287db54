return { says = "found beside" }
