print("agentskill-demo")
